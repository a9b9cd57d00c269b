// The contract suite inside this project's own vitest suite: `describeContract` runs the checks once and reports
// the setup and each scenario as one test. Here against the in-process mock; a real suite names its deployment.
import { createPetStoreMock } from 'petstore-contract'
import { describeContract } from 'petstore-contract/vitest'

const mock = await createPetStoreMock()
describeContract({
  targetName: 'in-process',
  baseUrl: 'http://petstore.mock/v1',
  messagesBaseUrl: 'http://petstore.mock',
  apiKey: 'petstore-dev-key',
  fetch: mock.fetch,
  only: (process.env.CONTRACT_ONLY ?? '').split(',').filter(Boolean),
  reportDir: process.env.CONTRACT_REPORT_DIR,
})
