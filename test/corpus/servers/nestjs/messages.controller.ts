import { randomUUID } from 'node:crypto'
import { Body, Controller, Post } from '@nestjs/common'
import { z } from 'zod'

const newMessageSchema = z.object({ message: z.string() })

@Controller('messages')
export class MessagesController {
  @Post()
  send(@Body({ schema: newMessageSchema }) { message }: z.infer<typeof newMessageSchema>) {
    return { id: randomUUID(), message, status: 'queued', createdAt: new Date().toISOString() }
  }
}
