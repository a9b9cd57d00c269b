import { TransportFailure } from './transport-failure.ts'

/**
 * The samples of one check that got no whole answer. A check made of independent samples (strings, JSON texts)
 * sets a lost one aside and judges the rest, as the exploring checks do with a generated value; the scenario's
 * `unanswered` still lists it. When more than half are lost, too little was judged: the first loss is thrown and
 * the check is not judged.
 * @example
 * const losses = new SampleLosses(samples.length)
 * await Promise.all(samples.map((sample) => losses.run(() => send(sample))))
 * losses.settle()
 */
export class SampleLosses {
  private readonly lost: Array<TransportFailure> = []

  constructor(private readonly total: number) {}

  /** Runs one sample: its result, or undefined when a request of it got no whole answer. */
  async run<T>(sample: () => Promise<T>): Promise<T | undefined> {
    try {
      return await sample()
    } catch (error) {
      if (!(error instanceof TransportFailure)) throw error
      this.lost.push(error)
      return undefined
    }
  }

  /** Throws the first loss when more than half of the samples were lost. */
  settle(): void {
    if (this.lost.length * 2 > this.total) throw this.lost[0]
  }
}
