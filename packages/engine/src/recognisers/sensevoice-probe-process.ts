// Child process that loads a SenseVoice folder once and says whether it worked. sherpa-onnx ends
// the process that loads a model missing a metadata key (_Exit), so this is where that happens,
// never in the engine process or the server. Argument: the folder. Prints "ok" and exits 0.
import { sherpaOnnx } from "../diarization/sherpa-runtime.js";
import { senseVoiceConfig } from "./sensevoice-model.js";

const folder = process.argv[2] ?? "";
try {
  const { OfflineRecognizer } = sherpaOnnx();
  const recogniser = new OfflineRecognizer(senseVoiceConfig(folder, 1, "auto"));
  // One decode of a quarter second of silence runs the graph with its real inputs.
  const stream = recogniser.createStream();
  stream.acceptWaveform({ samples: new Float32Array(4000), sampleRate: 16_000 });
  recogniser.decode(stream);
  recogniser.getResult(stream);
  process.stdout.write("ok\n");
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
