import { timingSafeEqual } from 'node:crypto'
import {
  type ArgumentsHost,
  type CallHandler,
  type CanActivate,
  Catch,
  type ExceptionFilter,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Injectable,
  Module,
  type NestInterceptor,
  UnauthorizedException,
} from '@nestjs/common'
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core'
import type { Request, Response } from 'express'
import JSONbig from 'json-bigint'
import { map, type Observable } from 'rxjs'
import { MessagesController } from './messages.controller.ts'
import { PetsController } from './pets.controller.ts'
import { PetsService } from './pets.service.ts'

/** Every route needs `Authorization: Bearer <key>` (the scheme name in any case, RFC 9110 section 11.1). */
@Injectable()
class ApiKeyGuard implements CanActivate {
  private readonly apiKey = Buffer.from(process.env.PETSTORE_API_KEY ?? '')

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>()
    const [type, token, ...rest] = request.headers.authorization?.split(' ') ?? []
    const given = Buffer.from(token ?? '')
    const valid = type?.toLowerCase() === 'bearer' && rest.length === 0 && given.length === this.apiKey.length
    if (!valid || !timingSafeEqual(given, this.apiKey)) throw new UnauthorizedException('A valid API key is required.')
    return true
  }
}

/** Nest's HTTP exceptions as the interface's Error: `{ code, message, status }`. */
@Catch(HttpException)
class ErrorBodyFilter implements ExceptionFilter {
  catch(exception: HttpException, host: ArgumentsHost): void {
    const status = exception.getStatus()
    const answer = exception.getResponse()
    const said = typeof answer === 'string' ? answer : (answer as { message?: unknown }).message
    const message = Array.isArray(said) ? said.join('; ') : String(said ?? exception.message)
    const code = (HttpStatus[status] ?? 'error').toLowerCase()
    const response = host.switchToHttp().getResponse<Response>()
    // RFC 9110 section 11.6.1: a 401 MUST carry a challenge; Nest's UnauthorizedException sends none.
    if (status === 401) response.set('WWW-Authenticate', 'Bearer')
    response.status(status).json({ code, message, status })
  }
}

/** What a handler returns goes out through json-bigint: JSON.stringify throws on the BigInt of an int64. */
@Injectable()
class JsonBigInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<string> {
    const response = context.switchToHttp().getResponse<Response>()
    return next.handle().pipe(
      map((value) => {
        response.type('application/json')
        return JSONbig.stringify(value)
      }),
    )
  }
}

/** The APIs this process serves (PETSTORE_APIS: "pets" or "messages" for split origins; both when unset). */
const serves = (api: string) => (process.env.PETSTORE_APIS ?? 'pets,messages').split(',').includes(api)

@Module({
  controllers: [...(serves('pets') ? [PetsController] : []), ...(serves('messages') ? [MessagesController] : [])],
  providers: [
    PetsService,
    { provide: APP_GUARD, useClass: ApiKeyGuard },
    { provide: APP_FILTER, useClass: ErrorBodyFilter },
    { provide: APP_INTERCEPTOR, useClass: JsonBigInterceptor },
  ],
})
export class AppModule {}
