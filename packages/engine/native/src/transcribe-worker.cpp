// One transcription on its own thread: whisper_full with callbacks for new segments, progress
// and abort. Every event, the final result included, goes through one thread-safe function, so
// JS sees the segments in order and always before the promise settles.
#include <algorithm>
#include <cmath>
#include <thread>

#include "whisper-addon.h"

namespace verbatim {
namespace {

struct Event {
  enum Kind { Segment, Progress, Done, Failed } kind;
  SegmentOut segment;
  int progress = 0;
  std::vector<SegmentOut> segments;
  std::string language;
  double languageProbability = -1;  // -1: not detected (the language was given)
  bool reusedEncoderPass = false;   // the detection's encoder pass served the transcription too
  std::string code;                 // Failed: "ABORTED" or "FAILED"
  std::string message;
};

struct JobContext {
  explicit JobContext(Napi::Env env) : deferred(Napi::Promise::Deferred::New(env)) {}
  Napi::Promise::Deferred deferred;
  Napi::FunctionReference onSegment;
  Napi::FunctionReference onProgress;
  Napi::ObjectReference pcm;  // keeps the samples alive while the thread reads them
  Napi::Value callbackError;  // the first exception a JS callback threw
  bool callbackFailed = false;
};

void callJs(Napi::Env env, Napi::Function, JobContext* context, Event* raw);
using Channel = Napi::TypedThreadSafeFunction<JobContext, Event, callJs>;

void callJs(Napi::Env env, Napi::Function, JobContext* context, Event* raw) {
  std::unique_ptr<Event> event(raw);
  if (env == nullptr || event == nullptr) return;
  Napi::HandleScope scope(env);
  switch (event->kind) {
    case Event::Segment:
    case Event::Progress: {
      Napi::FunctionReference& callback =
          event->kind == Event::Segment ? context->onSegment : context->onProgress;
      if (callback.IsEmpty() || context->callbackFailed) return;
      try {
        if (event->kind == Event::Segment) {
          callback.Call({segmentToJs(env, event->segment)});
        } else {
          callback.Call({Napi::Number::New(env, event->progress)});
        }
      } catch (const Napi::Error& error) {
        context->callbackFailed = true;
        context->callbackError = error.Value();
      }
      return;
    }
    case Event::Done: {
      if (context->callbackFailed) {
        context->deferred.Reject(context->callbackError);
        return;
      }
      Napi::Object result = Napi::Object::New(env);
      Napi::Array segments = Napi::Array::New(env, event->segments.size());
      for (size_t i = 0; i < event->segments.size(); i++) {
        segments.Set(static_cast<uint32_t>(i), segmentToJs(env, event->segments[i]));
      }
      result.Set("segments", segments);
      result.Set("language", Napi::String::New(env, event->language));
      if (event->languageProbability >= 0) {
        result.Set("languageProbability", Napi::Number::New(env, event->languageProbability));
      }
      result.Set("reusedEncoderPass", Napi::Boolean::New(env, event->reusedEncoderPass));
      context->deferred.Resolve(result);
      return;
    }
    case Event::Failed: {
      Napi::Error error = Napi::Error::New(env, event->message);
      error.Set("code", Napi::String::New(env, event->code));
      context->deferred.Reject(error.Value());
      return;
    }
  }
}

/**
 * whisper.cpp up to 1.9.2 reflect-pads a mel's start by reading samples[1..200] whatever the
 * audio's length (fixed upstream in 1.9.3, which npm does not ship yet: docs/engine.md): fewer
 * samples than that and it reads past the caller's buffer. Such audio is copied into a buffer
 * this long, zeros after it; the count whisper.cpp is given stays the audio's own, so it answers
 * as it always did (too short to transcribe, under 100 ms) without reading outside memory.
 */
constexpr size_t kShortAudioBuffer = 256;

struct Job {
  std::shared_ptr<ModelHandle> model;
  const float* samples;
  size_t count;
  std::vector<float> shortAudio;  // owns the samples when they are fewer than kShortAudioBuffer
  TranscribeOptions options;
  std::shared_ptr<std::atomic<bool>> abortFlag;
  Channel channel;
  bool streamSegments;
  bool reportProgress;
  // Set after the language detection: whisper_full's first encoder pass is of the window the
  // detection encoded, from the same mel, so it reuses that pass instead of computing it again.
  bool reuseDetectionPass = false;
};

void onNewSegment(whisper_context* ctx, whisper_state*, int newCount, void* data) {
  Job* job = static_cast<Job*>(data);
  if (!job->streamSegments) return;
  const int total = whisper_full_n_segments(ctx);
  for (int i = total - newCount; i < total; i++) {
    auto* event = new Event{Event::Segment};
    event->segment = readSegment(ctx, i, job->model->dtw);
    if (job->channel.NonBlockingCall(event) != napi_ok) delete event;
  }
}

void onProgress(whisper_context*, whisper_state*, int progress, void* data) {
  Job* job = static_cast<Job*>(data);
  if (!job->reportProgress) return;
  auto* event = new Event{Event::Progress};
  event->progress = progress;
  if (job->channel.NonBlockingCall(event) != napi_ok) delete event;
}

bool shouldAbort(void* data) { return static_cast<Job*>(data)->abortFlag->load(); }

bool encoderMayBegin(whisper_context*, whisper_state*, void* data) {
  Job* job = static_cast<Job*>(data);
  if (job->reuseDetectionPass) {
    // The first pass of whisper_full starts at the chunk's first frame (offset 0), the window
    // the detection encoded; every later pass is of a new window.
    job->reuseDetectionPass = false;
    reuseNextEncoderPass();
  }
  return !shouldAbort(data);
}

Event* aborted() {
  auto* event = new Event{Event::Failed};
  event->code = "ABORTED";
  event->message = "The transcription was aborted.";
  return event;
}

Event* failed(const std::string& message) {
  auto* event = new Event{Event::Failed};
  event->code = "FAILED";
  event->message = message;
  return event;
}

/**
 * Detects the language on the first 30 s, as whisper_full would, but keeps its probability.
 * The mel is computed over the whole chunk, as whisper_full computes it (its scale depends on the
 * loudest frame of all of it), so that the transcription's first encoder pass can reuse this
 * one; a detection alone needs only the first window.
 */
int detectLanguage(Job& job, double& probability) {
  whisper_context* ctx = job.model->ctx;
  const size_t window = job.options.detectOnly
                            ? std::min(job.count, static_cast<size_t>(WHISPER_SAMPLE_RATE * 30))
                            : job.count;
  if (whisper_pcm_to_mel(ctx, job.samples, static_cast<int>(window), job.options.threads) != 0) {
    return -1;
  }
  std::vector<float> probabilities(whisper_lang_max_id() + 1, 0.0f);
  const int id = whisper_lang_auto_detect(ctx, 0, job.options.threads, probabilities.data());
  if (id >= 0) probability = probabilities[id];
  return id;
}

Event* run(Job& job) {
  const GraphAbortScope abortInsideGraphs(job.abortFlag.get());
  whisper_context* ctx = job.model->ctx;
  const TranscribeOptions& o = job.options;
  std::string language = o.language;
  double languageProbability = -1;
  if (language == "auto") {
    const int id = detectLanguage(job, languageProbability);
    if (job.abortFlag->load()) return aborted();
    if (id < 0) return failed("whisper.cpp could not detect the language.");
    language = whisper_lang_str(id);
    if (o.detectOnly) {
      auto* done = new Event{Event::Done};
      done->language = language;
      done->languageProbability = languageProbability;
      return done;
    }
    // The detection encoded with whisper.cpp's audio_ctx of the call before (whisper_full sets
    // it only after detecting); its pass is reused only when this call encodes the same window.
    job.reuseDetectionPass = o.audioCtx == 0 && !job.model->windowShrunk;
  }

  whisper_full_params params = whisper_full_default_params(
      o.beamSize > 1 ? WHISPER_SAMPLING_BEAM_SEARCH : WHISPER_SAMPLING_GREEDY);
  params.n_threads = o.threads;
  params.translate = o.translate;
  params.language = language.c_str();
  params.detect_language = false;
  params.print_progress = false;
  params.print_realtime = false;
  params.print_special = false;
  params.print_timestamps = false;
  params.token_timestamps = o.tokenTimestamps;
  params.suppress_blank = true;
  params.suppress_nst = true;
  params.temperature = o.temperature;
  if (!o.temperatureFallback) params.temperature_inc = 0.0f;
  params.greedy.best_of = o.beamSize > 1 ? o.beamSize : 1;
  params.beam_search.beam_size = o.beamSize;
  params.audio_ctx = std::min(o.audioCtx, whisper_model_n_audio_ctx(ctx));
  if (params.audio_ctx > 0) job.model->windowShrunk = true;
  if (!o.prompt.empty()) params.initial_prompt = o.prompt.c_str();
  params.new_segment_callback = onNewSegment;
  params.new_segment_callback_user_data = &job;
  params.progress_callback = onProgress;
  params.progress_callback_user_data = &job;
  params.encoder_begin_callback = encoderMayBegin;
  params.encoder_begin_callback_user_data = &job;
  params.abort_callback = shouldAbort;
  params.abort_callback_user_data = &job;

  const int status = whisper_full(ctx, params, job.samples, static_cast<int>(job.count));
  const bool reusedEncoderPass = endEncoderReuse();
  if (verboseLog()) whisper_print_timings(ctx);  // cumulative since the model was loaded
  if (job.abortFlag->load()) return aborted();
  if (status != 0) {
    return failed("whisper.cpp failed to transcribe (status " + std::to_string(status) + ").");
  }
  auto* done = new Event{Event::Done};
  const int count = whisper_full_n_segments(ctx);
  done->segments.reserve(count);
  for (int i = 0; i < count; i++) done->segments.push_back(readSegment(ctx, i, job.model->dtw));
  const int langId = whisper_full_lang_id(ctx);
  done->language = langId >= 0 ? whisper_lang_str(langId) : language;
  done->languageProbability = languageProbability;
  done->reusedEncoderPass = reusedEncoderPass;
  return done;
}

}  // namespace

SegmentOut readSegment(whisper_context* ctx, int i, bool dtw) {
  SegmentOut segment;
  segment.t0 = whisper_full_get_segment_t0(ctx, i) * 10;
  segment.t1 = whisper_full_get_segment_t1(ctx, i) * 10;
  segment.text = whisper_full_get_segment_text(ctx, i);
  segment.noSpeechProb = whisper_full_get_segment_no_speech_prob(ctx, i);
  const whisper_token eot = whisper_token_eot(ctx);
  const int n = whisper_full_n_tokens(ctx, i);
  double logprobs = 0;
  for (int j = 0; j < n; j++) {
    const whisper_token_data data = whisper_full_get_token_data(ctx, i, j);
    if (data.id >= eot) continue;  // special tokens: start, language, timestamps, end
    segment.tokens.push_back(TokenOut{data.id, whisper_full_get_token_text(ctx, i, j), data.p,
                                      data.plog, data.t0 * 10, data.t1 * 10,
                                      dtw ? data.t_dtw * 10 : -1});
    logprobs += data.plog;
  }
  segment.avgLogprob =
      segment.tokens.empty() ? 0.0f : static_cast<float>(logprobs / segment.tokens.size());
  return segment;
}

Napi::Object segmentToJs(Napi::Env env, const SegmentOut& segment) {
  Napi::Object object = Napi::Object::New(env);
  object.Set("start", Napi::Number::New(env, static_cast<double>(segment.t0)));
  object.Set("end", Napi::Number::New(env, static_cast<double>(segment.t1)));
  object.Set("text", Napi::String::New(env, segment.text));
  object.Set("noSpeechProb", Napi::Number::New(env, segment.noSpeechProb));
  object.Set("avgLogprob", Napi::Number::New(env, segment.avgLogprob));
  Napi::Array tokens = Napi::Array::New(env, segment.tokens.size());
  for (size_t i = 0; i < segment.tokens.size(); i++) {
    const TokenOut& token = segment.tokens[i];
    Napi::Object t = Napi::Object::New(env);
    t.Set("id", Napi::Number::New(env, token.id));
    t.Set("text", Napi::String::New(env, token.text));
    t.Set("p", Napi::Number::New(env, token.p));
    t.Set("start", Napi::Number::New(env, static_cast<double>(token.t0)));
    t.Set("end", Napi::Number::New(env, static_cast<double>(token.t1)));
    if (token.tDtw >= 0) t.Set("dtw", Napi::Number::New(env, static_cast<double>(token.tDtw)));
    tokens.Set(static_cast<uint32_t>(i), t);
  }
  object.Set("tokens", tokens);
  return object;
}

Napi::Value startTranscription(Napi::Env env, std::shared_ptr<ModelHandle> model,
                               Napi::Float32Array pcm, TranscribeOptions options,
                               std::shared_ptr<std::atomic<bool>> abortFlag,
                               Napi::Value onSegment, Napi::Value onProgress) {
  auto* context = new JobContext(env);
  if (onSegment.IsFunction()) context->onSegment = Napi::Persistent(onSegment.As<Napi::Function>());
  if (onProgress.IsFunction()) {
    context->onProgress = Napi::Persistent(onProgress.As<Napi::Function>());
  }
  context->pcm = Napi::Persistent(pcm.As<Napi::Object>());
  Napi::Promise promise = context->deferred.Promise();

  auto job = std::make_shared<Job>();
  job->model = std::move(model);
  job->samples = pcm.Data();
  job->count = pcm.ElementLength();
  if (job->count < kShortAudioBuffer) {
    job->shortAudio.assign(kShortAudioBuffer, 0.0f);
    std::copy(pcm.Data(), pcm.Data() + job->count, job->shortAudio.begin());
    job->samples = job->shortAudio.data();
  }
  job->options = std::move(options);
  job->abortFlag = std::move(abortFlag);
  job->streamSegments = onSegment.IsFunction();
  job->reportProgress = onProgress.IsFunction();
  job->channel = Channel::New(env, "verbatim-whisper-transcribe", 0, 1, context,
                              [](Napi::Env, void*, JobContext* ctx) { delete ctx; });

  std::thread([job]() {
    Event* outcome;
    try {
      outcome = run(*job);
    } catch (const std::exception& error) {
      outcome = failed(std::string("whisper.cpp failed: ") + error.what());
    }
    job->model->running.store(false);
    if (job->channel.BlockingCall(outcome) != napi_ok) delete outcome;
    job->channel.Release();
  }).detach();
  return promise;
}

}  // namespace verbatim
