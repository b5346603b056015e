// Verbatim's Node-API binding over whisper.cpp: shared declarations.
#pragma once

#include <napi.h>

#include <atomic>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "whisper.h"

namespace verbatim {

/** A loaded model: one whisper.cpp context (with its state), used by one job at a time. */
struct ModelHandle {
  whisper_context* ctx = nullptr;
  std::atomic<bool> running{false};  // one transcription at a time
  bool dtw = false;
  /**
   * A call encoded less than the whole window (audio_ctx): whisper.cpp's state keeps that
   * audio_ctx for the next detection, so a detection's pass is never reused after it.
   */
  bool windowShrunk = false;
  ~ModelHandle() {
    if (ctx) whisper_free(ctx);
  }
};

/** Decoder settings of one transcribe() call, read from JS on the main thread. */
struct TranscribeOptions {
  std::string language = "auto";
  bool translate = false;
  int threads = 1;
  int beamSize = 1;
  float temperature = 0.0f;
  bool temperatureFallback = true;
  std::string prompt;
  bool tokenTimestamps = true;
  /** Only detect the language (language "auto"): one encoder pass and one decoder step. */
  bool detectOnly = false;
  /**
   * Encoder positions to compute (whisper.cpp's audio_ctx; 0 = the whole 30-s window, 1500).
   * Fewer cost proportionally less: live decoding of a few seconds of speech uses it.
   */
  int audioCtx = 0;
};

struct TokenOut {
  int id;
  std::string text;
  float p;
  float plog;
  int64_t t0;  // ms
  int64_t t1;  // ms
  int64_t tDtw;  // ms, -1 without DTW
};

struct SegmentOut {
  int64_t t0;  // ms
  int64_t t1;  // ms
  std::string text;
  float noSpeechProb;
  float avgLogprob;
  std::vector<TokenOut> tokens;
};

/** Reads segment `i` of the context's state (called on the worker thread). */
SegmentOut readSegment(whisper_context* ctx, int i, bool dtw);

/** Converts a segment to a JS object. */
Napi::Object segmentToJs(Napi::Env env, const SegmentOut& segment);

/** Starts a transcription on the thread pool; resolves with the result. */
Napi::Value startTranscription(Napi::Env env, std::shared_ptr<ModelHandle> model,
                               Napi::Float32Array pcm, TranscribeOptions options,
                               std::shared_ptr<std::atomic<bool>> abortFlag,
                               Napi::Value onSegment, Napi::Value onProgress);

/** VERBATIM_WHISPER_LOG set: pass all of whisper.cpp's log through (a diagnostic). */
inline bool verboseLog() {
  static const bool verbose = std::getenv("VERBATIM_WHISPER_LOG") != nullptr;
  return verbose;
}

/**
 * While alive, the graphs whisper.cpp computes on this thread stop between nodes once `flag` is
 * set (graph-abort.cpp), not only between graphs.
 */
class GraphAbortScope {
 public:
  explicit GraphAbortScope(std::atomic<bool>* flag);
  ~GraphAbortScope();
  GraphAbortScope(const GraphAbortScope&) = delete;
  GraphAbortScope& operator=(const GraphAbortScope&) = delete;
};

/** Whether the job running on this thread has been told to abort (its GraphAbortScope's flag). */
bool abortingOnThisThread();

/**
 * The next encoder pass on this thread is skipped: its three graphs (convolution, encoder,
 * cross-attention keys and values) would compute what the state already holds, because the
 * language detection just encoded the same mel window (graph-abort.cpp). Only call this right
 * before whisper.cpp encodes that same window.
 */
void reuseNextEncoderPass();

/** Cancels a reuse that no encoder pass consumed; returns whether one was skipped since arming. */
bool endEncoderReuse();

/** Per-environment data of the addon: the model classes' constructors. */
struct AddonData {
  Napi::FunctionReference modelConstructor;
  Napi::FunctionReference parakeetConstructor;
};

/** The ParakeetModel class (parakeet-model.cpp). */
Napi::Function defineParakeetModel(Napi::Env env);

/** loadParakeet(path, { gpu }): resolves with a ParakeetModel (whisper.cpp's parakeet library). */
Napi::Value loadParakeet(const Napi::CallbackInfo& info);

/** whisper.cpp's version, CPU features and backend devices. */
Napi::Value systemInfo(const Napi::CallbackInfo& info);

}  // namespace verbatim
