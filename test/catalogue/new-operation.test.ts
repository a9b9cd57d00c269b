import { deletePetProof } from './delete-pet-edits.ts'
import { proveNewOperations } from './operation-proof.ts'
import { updatePetProof } from './update-pet-edits.ts'

// Two operations added by CONTRIBUTING's checklist to one copy of the project, one after the other as a newcomer
// adds them, each step judged on its own:
// - `DELETE /pets/{petId}` (204; 401; 404): the stateful phase removes only pets the run created and expects them
//   gone;
// - `PATCH /pets/{petId}` (change `status`; 200, 400, 401, 404): the stateful phase updates only pets the run created,
//   expects the change in later reads and lists, and finds a PATCH that changes nothing in the steps every run takes.
// Then the copy's mock serves both, the auth matrix and the fuzz cover them, and the whole suite passes on it.
proveNewOperations([deletePetProof, updatePetProof])
