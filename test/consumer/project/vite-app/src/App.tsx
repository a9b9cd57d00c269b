import type { Pet } from 'petstore-contract'
import { type FormEvent, useEffect, useState } from 'react'

const headers = { authorization: 'Bearer petstore-dev-key' }

/** The pets the API lists, an error when it fails, and a form that adds one. */
export function App() {
  const [pets, setPets] = useState<Array<Pet>>()
  const [error, setError] = useState<string>()

  async function load(): Promise<void> {
    const response = await fetch('/v1/pets?limit=100', { headers })
    if (!response.ok) {
      const body: { message: string } = await response.json()
      setError(`Failed to load the pets: ${response.status} ${body.message}`)
      return
    }
    setPets(await response.json())
  }

  async function add(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault()
    const name = new FormData(event.currentTarget).get('name')
    await fetch('/v1/pets', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name, categoryId: 1, status: 'available' }),
    })
    await load()
  }

  useEffect(() => {
    void load()
  }, [])

  return (
    <main>
      <h1>Pets</h1>
      {error && <p role="alert">{error}</p>}
      {pets?.length === 0 && <p>No pets yet.</p>}
      <ul aria-label="pets">
        {pets?.map((pet) => (
          <li key={pet.id}>{pet.name}</li>
        ))}
      </ul>
      <form onSubmit={add}>
        <label>
          Name <input name="name" />
        </label>
        <button type="submit">Add</button>
      </form>
    </main>
  )
}
