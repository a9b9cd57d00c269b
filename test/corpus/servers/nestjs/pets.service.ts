import { Injectable } from '@nestjs/common'

export const petStatuses = ['available', 'pending', 'sold'] as const
export type PetStatus = (typeof petStatuses)[number]

export interface NewPet {
  name: string
  categoryId: number | bigint
  status?: PetStatus | undefined
}

export interface Pet extends NewPet {
  id: number
}

/** The pets, in memory; ids from 1. */
@Injectable()
export class PetsService {
  private readonly pets = new Map<number, Pet>()
  private lastId = 0

  list(limit: number, status?: PetStatus): Array<Pet> {
    return [...this.pets.values()].filter((pet) => status === undefined || pet.status === status).slice(0, limit)
  }

  create({ name, categoryId, status }: NewPet): Pet {
    const pet: Pet = { id: ++this.lastId, name, categoryId, ...(status !== undefined && { status }) }
    this.pets.set(pet.id, pet)
    return pet
  }

  find(id: number): Pet | undefined {
    return this.pets.get(id)
  }
}
