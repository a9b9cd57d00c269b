import { describe, expect, it } from 'vitest'
import { installWarnings } from './install-warnings.ts'

describe('installWarnings', () => {
  it('finds nothing in a quiet install', () => {
    expect(installWarnings('\nadded 857 packages in 4m\n')).toEqual([])
  })

  it("finds npm 11's engine warning", () => {
    const output = [
      'npm warn EBADENGINE Unsupported engine {',
      "npm warn EBADENGINE   package: 'file-type@22.3.0',",
      "npm warn EBADENGINE   required: { node: '>=22' },",
      'added 857 packages in 4m',
    ].join('\n')
    expect(installWarnings(output)).toHaveLength(3)
  })

  it("finds npm 11's notice of install scripts the project has not reviewed", () => {
    const output = [
      'added 2 packages in 6s',
      'npm warn install-scripts 1 package has install scripts not yet covered by allowScripts:',
      'npm warn install-scripts   esbuild@0.28.2 (postinstall: node install.js)',
    ].join('\r\n')
    expect(installWarnings(output)).toEqual([
      'npm warn install-scripts 1 package has install scripts not yet covered by allowScripts:',
      'npm warn install-scripts   esbuild@0.28.2 (postinstall: node install.js)',
    ])
  })

  it("finds an older npm's warnings and an engine warning in any form", () => {
    expect(installWarnings('npm WARN deprecated x@1.0.0\nerror EBADENGINE in y')).toEqual([
      'npm WARN deprecated x@1.0.0',
      'error EBADENGINE in y',
    ])
  })
})
