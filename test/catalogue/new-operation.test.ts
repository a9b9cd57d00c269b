import { deletePetProof } from './delete-pet-edits.ts'
import { proveNewOperation } from './operation-proof.ts'

// `DELETE /pets/{petId}` (204; 401; 404) added by CONTRIBUTING's checklist: the mock serves it, the auth
// matrix and the fuzz cover it, and the stateful phase removes only pets the run created and expects them gone.
proveNewOperation(deletePetProof)
