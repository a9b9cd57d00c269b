/** The admin page's style sheet (`/__mock/admin.css`): a file of its own, as the page's CSP allows no inline style. */
export const adminPageStyle = `:root { color-scheme: light dark; font: 14px/1.4 system-ui, sans-serif; }
body { margin: 0 auto; max-width: 72rem; padding: 1rem 1.5rem 3rem; }
header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.5rem 1.5rem; }
h1 { font-size: 1.4rem; margin: 0.5rem 0; }
h2 { font-size: 1.1rem; margin: 1.5rem 0 0.5rem; }
code, td { font-family: ui-monospace, monospace; font-size: 0.85rem; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #8884; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
td { word-break: break-all; }
form { display: flex; flex-wrap: wrap; align-items: end; gap: 0.5rem 1rem; }
.field { display: flex; flex-direction: column; font-size: 0.85rem; }
input { width: 7rem; }
button { cursor: pointer; }
#message { min-height: 1.4em; }
#message[data-state="error"] { color: #c22; }
#journal-status { color: #888; }
`
