/** A framework server listening on loopback, as the proof drives it. */
export interface RunningServer {
  /** The pet API's base address, ending in `/v1`. */
  baseUrl: string
  /** Where `POST /messages` is served. */
  messagesBaseUrl: string
  close(): Promise<void>
}
