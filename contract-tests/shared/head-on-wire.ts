/** What came back on the wire for a HEAD: its status, and every byte after the header section. */
export interface HeadOnWire {
  status: number
  /** Bytes the server sent after the final answer's header section: content a HEAD answer must not carry. */
  contentBytes: number
  /** The first of them, as text, for a finding. */
  firstBytes: string
}
