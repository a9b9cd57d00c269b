/**
 * The dev panel's style sheet, inside its shadow root: no rule of the app reaches in, none of these reaches out,
 * and the panel sets its own font and colours rather than inherit the app's (whose rules still style the host).
 */
export const panelStyle = `:host { all: initial; }
.dock { position: fixed; right: 12px; bottom: 12px; z-index: 2147483647; display: flex; flex-direction: column;
  align-items: end; font: 12px/1.4 system-ui, sans-serif; color-scheme: light dark; color: CanvasText; }
.dock[data-corner$="left"] { right: auto; left: 12px; align-items: start; }
.dock[data-corner^="top"] { bottom: auto; top: 12px; }
.dock[data-dragging] { right: auto; bottom: auto; opacity: 0.85; }
.toggle, header { touch-action: none; }
header { cursor: move; }
header button { cursor: pointer; }
[hidden] { display: none !important; }
.toggle { font: inherit; padding: 0.2rem 0.6rem; border-radius: 1rem; border: 1px solid #2a7;
  background: Canvas; color: CanvasText; cursor: pointer; box-shadow: 0 1px 4px #0004; }
.panel { width: min(46rem, calc(100vw - 24px)); max-height: min(36rem, calc(100vh - 24px)); overflow: auto;
  box-sizing: border-box; padding: 0.5rem 0.75rem 0.75rem; background: Canvas; color: CanvasText;
  border: 1px solid #8888; border-radius: 6px; box-shadow: 0 2px 12px #0005; }
header { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
h2 { font-size: 1rem; margin: 0 auto 0 0; }
h3 { font-size: 0.9rem; margin: 0.75rem 0 0.25rem; }
p { margin: 0.25rem 0; }
button, input, select { font: inherit; color: inherit; }
button { cursor: pointer; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #8884; padding: 0.15rem 0.4rem; text-align: left; vertical-align: top; }
td { font-family: ui-monospace, monospace; font-size: 0.75rem; word-break: break-all; }
form { display: flex; flex-wrap: wrap; align-items: end; gap: 0.25rem 0.6rem; }
.field { display: flex; flex-direction: column; font-size: 0.75rem; }
input { width: 5.5rem; }
.message { min-height: 1.4em; }
.message[data-state="error"] { color: #c22; }
.note { color: #888; }
`
