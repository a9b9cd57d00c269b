/** Where the command sends its requests: the in-process mock (answered in this process) or a server over HTTP. */
export interface TargetSpec {
  name: string
  kind: 'in-process' | 'http'
  baseUrl: string
  messagesBaseUrl: string
}
