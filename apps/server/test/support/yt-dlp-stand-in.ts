import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Writes an executable stand-in for yt-dlp into `dir` (yt-dlp itself is not installed on
 * test machines): `--version` prints one; `-J URL` fetches the page through the `--proxy` it
 * was given and prints its metadata, taken from the page's JSON
 * (`{ "title", "duration", "media" }`); a download fetches `media` through the proxy into the
 * `--output` template. Everything it fetches goes through the proxy, as yt-dlp's does, so a
 * page that names an internal address meets the proxy's refusal. Returns its path.
 */
export function writeYtDlpStandIn(dir: string): string {
  const path = join(dir, "yt-dlp");
  writeFileSync(
    path,
    `#!${process.execPath}
const http = require("node:http");
const fs = require("node:fs");
const args = process.argv.slice(2);
if (args[0] === "--version") { console.log("2099.01.01 (stand-in)"); process.exit(0); }
const at = (name) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
if (!args.includes("--ignore-config")) { console.error("ERROR: config files would be read"); process.exit(2); }
const proxy = new URL(at("--proxy"));
const url = args[args.length - 1];
const get = (target) => new Promise((resolve, reject) => {
  const request = http.request({
    host: proxy.hostname, port: proxy.port, method: "GET", path: target,
    headers: { host: new URL(target).host, "proxy-authorization": "Basic " + Buffer.from(decodeURIComponent(proxy.username) + ":" + decodeURIComponent(proxy.password)).toString("base64") },
  }, (response) => {
    const chunks = [];
    response.on("error", reject);
    response.on("data", (c) => chunks.push(c));
    response.on("end", () => response.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error("HTTP Error " + response.statusCode)));
  });
  request.on("error", reject);
  request.end();
});
(async () => {
  const page = JSON.parse((await get(url)).toString("utf8"));
  if (page.unsupported) { console.error("ERROR: Unsupported URL: " + url); process.exit(1); }
  if (args.includes("-J")) {
    console.log(JSON.stringify({ title: page.title, duration: page.duration, ext: "mp3" }));
    return;
  }
  const media = await get(page.media);
  fs.writeFileSync(at("--output").replace("%(ext)s", "mp3"), media);
})().catch((error) => { console.error("ERROR: " + error.message); process.exit(1); });
`,
  );
  chmodSync(path, 0o755);
  return path;
}
