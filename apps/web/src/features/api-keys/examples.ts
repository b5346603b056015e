// The API page's copy-paste examples, for the origin the app is served from.

export const INSTALL_EXAMPLE = "npm install openai";

export function curlExample(origin: string): string {
  return [
    `curl ${origin}/v1/audio/transcriptions \\`,
    `  -H "Authorization: Bearer $VERBATIM_API_KEY" \\`,
    `  -F file=@talk.mp3 \\`,
    `  -F model=whisper-1 \\`,
    `  -F response_format=srt`,
  ].join("\n");
}

export function nodeExample(origin: string): string {
  return `import fs from "node:fs";
import OpenAI from "openai";

const client = new OpenAI({
  baseURL: "${origin}/v1",
  apiKey: process.env.VERBATIM_API_KEY,
});

const subtitles = await client.audio.transcriptions.create({
  file: fs.createReadStream("talk.mp3"),
  model: "whisper-1",
  response_format: "srt",
});

console.log(subtitles);`;
}

export function modelsExample(origin: string): string {
  return `curl ${origin}/v1/models \\\n  -H "Authorization: Bearer $VERBATIM_API_KEY"`;
}

export const ERROR_EXAMPLE = `{
  "error": {
    "message": "Incorrect API key provided.",
    "type": "invalid_request_error",
    "param": null,
    "code": "invalid_api_key"
  }
}`;

export const PARAMETERS = [
  ["file", "file"],
  ["model", "model"],
  ["language", "language"],
  ["prompt", "prompt"],
  ["response_format", "responseFormat"],
  ["temperature", "temperature"],
  ["timestamp_granularities[]", "granularities"],
] as const;

export const RESPONSE_FORMATS = ["json", "text", "srt", "vtt", "verbose_json"] as const;

export const MODELS = [
  ["whisper-1", "whisper"],
  ["gpt-4o-transcribe", "gpt4o"],
] as const;

export const ERROR_STATUSES = ["400", "401", "404", "413", "415", "429", "503"] as const;
