/**
 * The HTML report's stylesheet, inlined so the file opens anywhere, offline, as one attachment.
 * A backslash at a line's end continues it: a long rule is wrapped here and still reaches the page on one line.
 * @example html`<style>${new SafeHtml(reportStyles)}</style>`
 */
export const reportStyles = `
:root {
  --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --paper: #ffffff; --wash: #f6f8fa;
  --pass: #1a7f37; --pass-bg: #dafbe1; --fail: #cf222e; --fail-bg: #ffebe9;
  --warn: #9a6700; --warn-bg: #fff8c5; --skip: #59636e; --skip-bg: #eff2f5;
  --error: #8250df; --error-bg: #fbefff;
  --mono: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace;
}
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; \
color: var(--ink); background: var(--wash); }
main { max-width: 1240px; margin: 0 auto; padding: 0 24px 48px; }
code, pre { font-family: var(--mono); font-size: 13px; }
h2 { font-size: 20px; margin: 40px 0 12px; display: flex; align-items: baseline; gap: 10px; }
h2 .count { font-size: 13px; font-weight: 600; padding: 1px 9px; border-radius: 999px; background: var(--skip-bg); \
color: var(--muted); }
h2 .count.bad { background: var(--fail-bg); color: var(--fail); }
h2 .count.amber { background: var(--warn-bg); color: var(--warn); }
.muted, .note { color: var(--muted); }
.note { font-size: 13px; margin: 4px 0 0; }
.empty { color: var(--muted); font-style: italic; }

.summary { background: var(--paper); border-bottom: 1px solid var(--line); border-top: 6px solid var(--tone); }
.summary .inner { max-width: 1240px; margin: 0 auto; padding: 20px 24px 16px; }
.tone-pass { --tone: var(--pass); --tone-bg: var(--pass-bg); }
.tone-fail { --tone: var(--fail); --tone-bg: var(--fail-bg); }
.tone-error { --tone: var(--error); --tone-bg: var(--error-bg); }
.verdict { display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
.verdict h1 { font-size: 26px; margin: 0; }
.verdict .badge { background: var(--tone); color: #fff; font-weight: 700; padding: 3px 12px; border-radius: 6px; \
font-size: 15px; }
.verdict .exit { font-family: var(--mono); font-size: 13px; color: var(--muted); }
.target-error { margin: 12px 0 0; padding: 10px 14px; border-radius: 6px; background: var(--tone-bg); \
border: 1px solid var(--tone); }
.facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 6px 24px; margin: 16px 0 0; }
.facts div { min-width: 0; }
.facts dt { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.counts { list-style: none; display: flex; flex-wrap: wrap; gap: 8px; padding: 0; margin: 16px 0 0; }
.counts li { padding: 4px 12px; border-radius: 6px; background: var(--skip-bg); color: var(--muted); }
.counts li b { font-size: 18px; margin-right: 4px; color: var(--ink); }
.counts .c-passed { background: var(--pass-bg); } .counts .c-passed b { color: var(--pass); }
.counts .c-failed { background: var(--fail-bg); } .counts .c-failed b { color: var(--fail); }
.counts .c-warning { background: var(--warn-bg); } .counts .c-warning b { color: var(--warn); }
.counts .c-error { background: var(--error-bg); } .counts .c-error b { color: var(--error); }
nav.toc { margin-top: 14px; display: flex; gap: 18px; flex-wrap: wrap; font-size: 14px; }
nav.toc a { color: var(--muted); }

.matrix-wrap { overflow: auto; max-height: 85vh; background: var(--paper); border: 1px solid var(--line); \
border-radius: 8px; }
table { border-collapse: separate; border-spacing: 0; width: 100%; }
.matrix th, .matrix td { border-bottom: 1px solid var(--line); padding: 6px 10px; }
.matrix thead th { position: sticky; top: 0; z-index: 2; background: var(--paper); font-size: 13px; \
text-align: center; border-bottom: 2px solid var(--line); }
.matrix thead th:first-child { text-align: left; left: 0; z-index: 3; }
.matrix tbody th { position: sticky; left: 0; z-index: 1; background: var(--paper); text-align: left; \
font-weight: normal; min-width: 280px; max-width: 420px; }
.matrix tbody th code { font-weight: 600; }
.matrix .desc { display: block; font-size: 12px; color: var(--muted); line-height: 1.35; }
.matrix tr.group th { background: var(--wash); font-size: 12px; font-weight: 700; text-transform: uppercase; \
letter-spacing: .05em; color: var(--muted); padding: 8px 10px; }
.matrix td { text-align: center; font-size: 13px; white-space: nowrap; min-width: 110px; \
border-left: 3px solid var(--paper); }
.matrix td a { color: inherit; text-decoration: none; display: block; }
.matrix td a:hover { text-decoration: underline; }
.cell-passed { background: var(--pass-bg); color: var(--pass); }
.cell-failed { background: var(--fail-bg); color: var(--fail); font-weight: 700; \
box-shadow: inset 0 0 0 2px var(--fail); }
.cell-warning { background: var(--warn-bg); color: var(--warn); }
.cell-skipped { background: var(--skip-bg); color: var(--skip); }
.cell-error { background: var(--error-bg); color: var(--error); font-weight: 700; }
.cell-none { color: #b6bec7; }
.n { margin: 0 3px; }
.legend { display: flex; gap: 14px; flex-wrap: wrap; margin: 8px 0 0; font-size: 13px; color: var(--muted); }
.legend span span { display: inline-block; padding: 0 8px; border-radius: 4px; margin-right: 4px; }

details.card { background: var(--paper); border: 1px solid var(--line); border-left: 5px solid var(--line); \
border-radius: 8px; margin: 0 0 12px; }
details.card.failed { border-left-color: var(--fail); }
details.card.error { border-left-color: var(--error); }
details.card.warning { border-left-color: var(--warn); }
details.card.passed { border-left-color: var(--pass); }
details.card.skipped { border-left-color: var(--skip); }
details.card > summary { cursor: pointer; padding: 10px 14px; display: flex; gap: 10px; align-items: baseline; \
flex-wrap: wrap; }
details.card > summary::marker { color: var(--muted); }
details.card > summary .title { font-weight: 600; }
details.card > summary .meta { margin-left: auto; font-size: 13px; color: var(--muted); }
details.card > .body { padding: 0 16px 14px; border-top: 1px solid var(--line); }
.list details.card { margin-bottom: 6px; }
.list details.card > summary { padding: 6px 12px; }
.list details.card > summary .title { font-weight: normal; }

.pill { display: inline-block; min-width: 64px; text-align: center; font-size: 12px; font-weight: 700; \
text-transform: uppercase; letter-spacing: .03em; padding: 1px 8px; border-radius: 999px; white-space: nowrap; }
.pill.passed { background: var(--pass-bg); color: var(--pass); }
.pill.failed { background: var(--fail); color: #fff; }
.pill.warning { background: var(--warn-bg); color: var(--warn); }
.pill.skipped { background: var(--skip-bg); color: var(--skip); }
.pill.error { background: var(--error); color: #fff; }

.finding { margin: 14px 0 0; }
.finding h3 { font-size: 15px; margin: 0 0 6px; font-weight: 600; }
.finding .basis { margin: 0 0 6px; font-size: 13px; color: var(--muted); }
.finding .basis .level { font-weight: 600; text-transform: uppercase; font-size: 11px; letter-spacing: .04em; \
margin-right: 4px; }
.finding h3 code { background: var(--fail-bg); color: var(--fail); padding: 1px 6px; border-radius: 4px; \
margin-right: 6px; }
.finding.warning h3 code { background: var(--warn-bg); color: var(--warn); }
.evidence { display: grid; grid-template-columns: max-content 1fr; gap: 4px 14px; margin: 0; }
.evidence dt { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); \
padding-top: 3px; }
.evidence dd { margin: 0; min-width: 0; }
.evidence dd code { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--wash); padding: 1px 5px; \
border-radius: 4px; }
.evidence .received code { background: var(--fail-bg); }
.finding.warning .evidence .received code { background: var(--warn-bg); }
.reason { margin: 12px 0 0; }

.exchange { margin: 14px 0 0; padding: 10px 14px 12px; background: var(--wash); border: 1px solid var(--line); \
border-radius: 6px; }
.request-line { margin: 0; overflow-wrap: anywhere; }
.method { font-family: var(--mono); font-size: 12px; font-weight: 700; background: var(--ink); color: #fff; \
padding: 1px 6px; border-radius: 4px; }
.label { margin: 10px 0 3px; font-size: 12px; font-weight: 600; text-transform: uppercase; letter-spacing: .04em; \
color: var(--muted); }
pre { margin: 0; padding: 8px 10px; background: var(--paper); border: 1px solid var(--line); border-radius: 4px; \
white-space: pre-wrap; overflow-wrap: anywhere; max-height: 420px; overflow: auto; }
pre.curl { background: #1f2328; color: #e6edf3; border-color: #1f2328; user-select: all; -webkit-user-select: all; \
cursor: text; }
.status { font-family: var(--mono); font-weight: 700; padding: 0 6px; border-radius: 4px; }
.s-2xx { background: var(--pass-bg); color: var(--pass); }
.s-3xx, .s-1xx { background: var(--skip-bg); color: var(--skip); }
.s-4xx { background: var(--warn-bg); color: var(--warn); }
.s-5xx, .s-none { background: var(--fail-bg); color: var(--fail); }

table.plain { background: var(--paper); border: 1px solid var(--line); border-radius: 8px; }
table.plain th, table.plain td { text-align: left; padding: 7px 12px; border-bottom: 1px solid var(--line); \
vertical-align: top; }
table.plain th { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
table.plain tr:last-child td { border-bottom: 0; }
.results { list-style: none; padding: 0; margin: 10px 0 0; font-size: 14px; }
.results li { padding: 2px 0; }
.results .icon { display: inline-block; width: 1.4em; font-weight: 700; }
.results .passed .icon { color: var(--pass); } .results .failed .icon { color: var(--fail); } \
.results .warning .icon { color: var(--warn); }
.results .failed { color: var(--fail); }
details.exchange-more { margin: 8px 0 0; }
details.repeats { margin: 14px 0 0; padding: 8px 12px; border: 1px dashed var(--fail); border-radius: 6px; }
details.repeats > summary { cursor: pointer; font-weight: 600; color: var(--fail); }
details.exchange-more > summary { cursor: pointer; font-size: 14px; }
footer { max-width: 1240px; margin: 0 auto; padding: 0 24px 32px; font-size: 12px; color: var(--muted); }
`
