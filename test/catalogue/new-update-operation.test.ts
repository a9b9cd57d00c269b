import { proveNewOperation } from './operation-proof.ts'
import { updatePetProof } from './update-pet-edits.ts'

// `PATCH /pets/{petId}` (change `status`; 200, 400, 401, 404) added by CONTRIBUTING's checklist: the stateful
// phase updates only pets the run created, expects the change in later reads and lists, and finds a PATCH
// that changes nothing in the steps every run takes.
proveNewOperation(updatePetProof)
