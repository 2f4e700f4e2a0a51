/**
 * The one shape of the HTML files the tool writes (grade --html, the lab's
 * timeline.html): self-contained, no script, and a Content-Security-Policy
 * that forbids loading anything, so a page opened from a mail or a shared
 * folder fetches nothing and runs nothing. Every text put in goes through
 * escapeHtml after neutralising (no control characters or escapes).
 */
import { sanitizeText } from './neutralise.js';

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an HTML element or attribute: neutralised, then escaped. */
export function escapeHtml(text: string | number): string {
  return sanitizeText(String(text)).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Styles every page shares: readable type, tables with rules, and a print version without colour backgrounds. */
const BASE_CSS = `
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1b1b1b;background:#fff;margin:1.5rem auto;max-width:60rem;padding:0 1rem}
h1{font-size:1.5rem}h2{font-size:1.25rem;margin-top:2rem}h3{font-size:1.05rem}
table{border-collapse:collapse;margin:.5rem 0 1.25rem}caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border-bottom:1px solid #ccc;padding:.2rem .6rem;text-align:left;vertical-align:top}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.flag{font-weight:600}.muted{color:#555}
svg text{font:12px system-ui,sans-serif;fill:#1b1b1b}
@media print{body{margin:0;max-width:none;font-size:11pt}h2{break-before:auto}table,figure,section{break-inside:avoid}a{color:inherit}}
`;

export function htmlPage(title: string, css: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${BASE_CSS}${css}</style>
</head>
<body>
${body}
</body>
</html>
`;
}
