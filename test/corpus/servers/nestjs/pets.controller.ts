import { Body, Controller, Get, Inject, NotFoundException, Param, ParseIntPipe, Post, Query } from '@nestjs/common'
import { z } from 'zod'
import { type Pet, PetsService, petStatuses } from './pets.service.ts'

// Schemas for Nest's StandardSchemaValidationPipe (Zod). A categoryId is an int64: a safe integer, or the
// BigInt json-bigint reads a longer one as, within int64; a string, a float or a boolean is refused.
const [int64Min, int64Max] = [-(2n ** 63n), 2n ** 63n - 1n]
const int64 = z.union([z.int(), z.bigint().min(int64Min).max(int64Max)])
const newPetSchema = z.object({ name: z.string(), categoryId: int64, status: z.enum(petStatuses).optional() })
const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(petStatuses).optional(),
})

@Controller('v1/pets')
export class PetsController {
  constructor(@Inject(PetsService) private readonly petsService: PetsService) {}

  @Get()
  list(@Query({ schema: listQuerySchema }) query: z.infer<typeof listQuerySchema>): Array<Pet> {
    return this.petsService.list(query.limit, query.status)
  }

  @Post()
  create(@Body({ schema: newPetSchema }) newPet: z.infer<typeof newPetSchema>): Pet {
    return this.petsService.create(newPet)
  }

  @Get(':petId')
  find(@Param('petId', ParseIntPipe) petId: number): Pet {
    const pet = this.petsService.find(petId)
    if (!pet) throw new NotFoundException(`No pet has the id ${petId}.`)
    return pet
  }
}
