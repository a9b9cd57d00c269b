import type { Pet } from '../../spec/types.ts'

/**
 * A pet as the model stores it: the id is one the model assigned or loaded, always a safe integer (the
 * index is keyed by number); `categoryId` may be any int64, kept to the digit.
 * @example const pet: StoredPet = { id: 1, name: 'Rex', categoryId: 2n ** 62n }
 */
export type StoredPet = Pet & { id: number }
