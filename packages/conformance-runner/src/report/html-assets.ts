/** The page's only style: inline, no fonts or images fetched. */
export const CSS = `
:root{--pass:#1a7f37;--fail:#cf222e;--warn:#9a6700;--skip:#6e7781;--blocked:#8250df;--xfail:#0969da;--line:#d0d7de}
*{box-sizing:border-box}[hidden]{display:none!important}
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1f2328;background:#fff}
header{padding:16px 24px;border-bottom:1px solid var(--line);background:#f6f8fa}
h1{font-size:20px;margin:0 0 8px}h4{margin:8px 0 4px;font-size:13px}h5{margin:6px 0 2px;font-size:12px;color:#57606a}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 10px}dl.facts dt{color:#57606a}dl.facts dd{margin:0;word-break:break-all}
ul.counts{list-style:none;display:flex;flex-wrap:wrap;gap:8px;padding:0;margin:0}ul.counts li{padding:4px 10px;border-radius:6px;border:1px solid var(--line);background:#fff}ul.counts b{font-size:18px}
.st{display:inline-block;min-width:4.5em;text-align:center;padding:1px 6px;border-radius:10px;color:#fff;font-size:12px;font-weight:600}
.st.pass{background:var(--pass)}.st.fail{background:var(--fail)}.st.warn{background:var(--warn)}.st.skip{background:var(--skip)}.st.blocked{background:var(--blocked)}.st.xfail{background:var(--xfail)}.st.none{background:#fff;color:#57606a;border:1px dashed var(--line)}
.verdict{font-size:14px;vertical-align:middle}
#controls{padding:8px 24px;display:flex;flex-wrap:wrap;gap:12px;align-items:center;border-bottom:1px solid var(--line);position:sticky;top:0;background:#fff;z-index:1}
table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:6px 10px;border-bottom:1px solid var(--line)}
thead th{background:#f6f8fa;font-size:12px;color:#57606a}tr.area-head th{background:#eef1f4;font-size:13px}
td.req{font-size:12px;max-width:34em}td.req q{font-style:italic}.lvl{font-weight:700}.reason{color:#57606a}
tr.detail>td{background:#fbfbfc;padding-left:32px}
pre{margin:2px 0;padding:6px 8px;background:#f6f8fa;border:1px solid var(--line);border-radius:4px;white-space:pre-wrap;word-break:break-all;max-height:40em;overflow:auto;font:12px/1.4 ui-monospace,monospace}
mark{background:#ffd8b5;color:inherit}.ctl{background:#ffebe9;color:#cf222e;border-radius:2px}
.diff{display:grid;grid-template-columns:1fr 1fr;gap:8px}.diff>div{min-width:0}
.evidence ol{list-style:none;padding:0;margin:0}.msg{border-left:3px solid var(--line);padding:2px 8px;margin:6px 0}.msg.out{border-color:#0969da}.msg.in{border-color:#8250df}
.msg .who{font-size:12px;color:#57606a}.msg .t{font-size:11px;color:#8c959f}
details.more>summary{cursor:pointer;color:#0969da;font-size:12px}
table.matrix td.cell{text-align:center}table.matrix td.cell details[open]{text-align:left;min-width:40em}
.badges{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px}.badges figure{margin:0}
.mixed{color:#9a6700;font-weight:600}
`;

/**
 * The page's only script: it adds what a static table cannot do — filtering by status and text, and
 * expanding or collapsing every evidence at once. It reads nothing but the page; with it off, the table reads
 * the same and each evidence still opens by itself (<details>).
 */
export const JS = `
(function(){
var c=document.getElementById("controls");if(!c)return;c.hidden=false;
var boxes=[].slice.call(c.querySelectorAll("input[type=checkbox]"));var q=c.querySelector("input[type=search]");
function apply(){var on={};boxes.forEach(function(b){if(b.checked)on[b.value]=1});var t=q.value.toLowerCase();var n=0;
[].forEach.call(document.querySelectorAll("tr.check"),function(r){var ok=r.getAttribute("data-status").split(" ").some(function(s){return on[s]})&&(!t||r.textContent.toLowerCase().indexOf(t)>=0);r.hidden=!ok;if(ok)n++;var d=r.nextElementSibling;if(d&&d.classList.contains("detail"))d.hidden=!ok});
[].forEach.call(document.querySelectorAll("tbody.area"),function(b){b.hidden=!b.querySelector("tr.check:not([hidden])")});
document.getElementById("shown").textContent=String(n)}
boxes.forEach(function(b){b.addEventListener("change",apply)});q.addEventListener("input",apply);
function all(open){[].forEach.call(document.querySelectorAll("details.ev"),function(d){if(!d.closest("[hidden]"))d.open=open})}
document.getElementById("expand").addEventListener("click",function(){all(true)});
document.getElementById("collapse").addEventListener("click",function(){all(false)});
apply()})();
`;

/** No request leaves the page: nothing may be fetched, only the inline style and script run. */
export const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/** The page around a body: head with the CSP, style, and the script at the end. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="Content-Security-Policy" content="${CSP}"><title>${title}</title><style>${CSS}</style></head>
<body>${body}<script>${JS}</script></body></html>
`;
}

/** The filter bar (hidden until the script shows it): a box per status, a text search, expand / collapse. */
export function controls(statuses: readonly string[]): string {
  const boxes = statuses
    .map((s) => `<label><input type="checkbox" value="${s}" checked> ${s}</label>`)
    .join(" ");
  return `<div id="controls" hidden><span>show:</span> ${boxes} <input type="search" placeholder="filter by text" aria-label="filter by text"> <button id="expand" type="button">expand all</button> <button id="collapse" type="button">collapse all</button> <span><span id="shown"></span> shown</span></div>`;
}
