import type { MockResponse } from '../mock-response.ts'
import { adminPageHtml } from './admin-page-html.ts'
import { adminPageScript } from './admin-page-script.ts'
import { adminPageStyle } from './admin-page-style.ts'

/**
 * What the admin page may load and call: its own files and the admin API, nothing else (no inline script or style,
 * no other origin, no frame around it, no form posted anywhere).
 */
export const adminPageCsp =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

const pageHeaders = {
  'content-security-policy': adminPageCsp,
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  // For browsers older than CSP's frame-ancestors: no other site may frame the page to click its buttons.
  'x-frame-options': 'DENY',
}

// `__name`: some TypeScript runners (tsx) add calls to it inside functions to keep their names; the page has none.
const script = `const __name = (target) => target;\n(${adminPageScript.toString()})();\n`

/** An admin page's files under `/__mock`, by path below it. */
export type AdminPageFiles = Readonly<Record<'/' | '/admin.js' | '/admin.css' | '/icon.svg', MockResponse>>

/**
 * The admin page's files under `/__mock`, by path below it: the page (at `/` and at the bare `/__mock`), its
 * script, style sheet and icon, each with the page's CSP. Built once.
 * @example adminPageFiles['/admin.js'] // { status: 200, headers: { 'content-type': 'text/javascript; …' }, … }
 */
export const adminPageFiles: AdminPageFiles = {
  '/': file('text/html; charset=utf-8', adminPageHtml()),
  '/admin.js': file('text/javascript; charset=utf-8', script),
  '/admin.css': file('text/css; charset=utf-8', adminPageStyle),
  // Its own icon, or the browser asks the mock for /favicon.ico (a 404 in the console).
  '/icon.svg': file(
    'image/svg+xml',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#2a7"/></svg>',
  ),
}

/**
 * One file of an admin page, served under the page's CSP and headers.
 * @example adminPageFile('text/html; charset=utf-8', '<!doctype html>…')
 */
export function adminPageFile(contentType: string, body: string): MockResponse {
  return file(contentType, body)
}

function file(contentType: string, body: string): MockResponse {
  return { status: 200, headers: { 'content-type': contentType, ...pageHeaders }, body }
}
