// Verbatim's Node-API binding over whisper.cpp: loadModel() → WhisperModel with transcribe(),
// abort() and free(); loadParakeet() → ParakeetModel (parakeet-model.cpp); systemInfo(). The TypeScript side is src/whisper/native-binding.ts.
#include <cstdio>
#include <map>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "parakeet.h"
#include "whisper-addon.h"

namespace verbatim {
namespace {

// whisper.cpp and ggml log every step at INFO; keep warnings and errors (the engine runner
// reads stderr to explain a crash) and drop the rest, unless VERBATIM_WHISPER_LOG is set (then
// everything, with whisper.cpp's own timing summary after each transcription). A job that is
// aborting logs its graphs' failure ("failed to encode"): that is the abort, not an error, and
// the CLI's Ctrl+C shows only its own line, so it is dropped too.
void logFilter(ggml_log_level level, const char* text, void*) {
  static thread_local ggml_log_level last = GGML_LOG_LEVEL_INFO;
  if (level != GGML_LOG_LEVEL_CONT) last = level;
  if (verboseLog() || (last >= GGML_LOG_LEVEL_WARN && !abortingOnThisThread())) {
    std::fputs(text, stderr);
  }
}

const std::map<std::string, whisper_alignment_heads_preset> kAlignmentHeads = {
    {"tiny.en", WHISPER_AHEADS_TINY_EN},
    {"tiny", WHISPER_AHEADS_TINY},
    {"base.en", WHISPER_AHEADS_BASE_EN},
    {"base", WHISPER_AHEADS_BASE},
    {"small.en", WHISPER_AHEADS_SMALL_EN},
    {"small", WHISPER_AHEADS_SMALL},
    {"medium.en", WHISPER_AHEADS_MEDIUM_EN},
    {"medium", WHISPER_AHEADS_MEDIUM},
    {"large-v1", WHISPER_AHEADS_LARGE_V1},
    {"large-v2", WHISPER_AHEADS_LARGE_V2},
    {"large-v3", WHISPER_AHEADS_LARGE_V3},
    {"large-v3-turbo", WHISPER_AHEADS_LARGE_V3_TURBO},
};

class WhisperModel : public Napi::ObjectWrap<WhisperModel> {
 public:
  static Napi::Function Define(Napi::Env env) {
    return DefineClass(env, "WhisperModel",
                       {InstanceMethod<&WhisperModel::Transcribe>("transcribe"),
                        InstanceMethod<&WhisperModel::Abort>("abort"),
                        InstanceMethod<&WhisperModel::Free>("free"),
                        InstanceAccessor<&WhisperModel::Info>("info")});
  }

  explicit WhisperModel(const Napi::CallbackInfo& info) : Napi::ObjectWrap<WhisperModel>(info) {
    auto* handle = info[0].As<Napi::External<std::shared_ptr<ModelHandle>>>().Data();
    model_ = *handle;
    delete handle;
  }

 private:
  Napi::Value Transcribe(const Napi::CallbackInfo& info) {
    Napi::Env env = info.Env();
    if (!model_) throw Napi::Error::New(env, "The model was freed.");
    if (!info[0].IsTypedArray() ||
        info[0].As<Napi::TypedArray>().TypedArrayType() != napi_float32_array) {
      throw Napi::TypeError::New(env, "transcribe() needs 16 kHz mono samples as a Float32Array.");
    }
    Napi::Object o = info[1].IsObject() ? info[1].As<Napi::Object>() : Napi::Object::New(env);
    TranscribeOptions options;
    if (o.Has("language")) options.language = o.Get("language").As<Napi::String>().Utf8Value();
    if (o.Has("translate")) options.translate = o.Get("translate").ToBoolean();
    if (o.Has("threads")) options.threads = o.Get("threads").As<Napi::Number>().Int32Value();
    if (o.Has("beamSize")) options.beamSize = o.Get("beamSize").As<Napi::Number>().Int32Value();
    if (o.Has("temperature")) {
      options.temperature = o.Get("temperature").As<Napi::Number>().FloatValue();
    }
    if (o.Has("temperatureFallback")) {
      options.temperatureFallback = o.Get("temperatureFallback").ToBoolean();
    }
    if (o.Has("prompt") && o.Get("prompt").IsString()) {
      options.prompt = o.Get("prompt").As<Napi::String>().Utf8Value();
    }
    if (o.Has("tokenTimestamps")) options.tokenTimestamps = o.Get("tokenTimestamps").ToBoolean();
    if (o.Has("detectOnly")) options.detectOnly = o.Get("detectOnly").ToBoolean();
    if (o.Has("audioCtx")) options.audioCtx = o.Get("audioCtx").As<Napi::Number>().Int32Value();
    // The rules live in TypeScript (native-binding.ts); these guard the native code itself.
    if (options.threads < 1 || options.beamSize < 1 || options.beamSize > 8 ||
        !(options.temperature >= 0.0f && options.temperature <= 1.0f)) {
      throw Napi::RangeError::New(
          env, "threads must be at least 1, beamSize 1 to 8 and temperature 0 to 1.");
    }
    if (options.audioCtx < 0) {
      throw Napi::RangeError::New(env, "audioCtx must be 0 (the whole window) or more.");
    }
    if (options.detectOnly && options.language != "auto") {
      throw Napi::RangeError::New(env, "detectOnly needs language \"auto\".");
    }
    if (options.language != "auto" && whisper_lang_id(options.language.c_str()) < 0) {
      throw Napi::RangeError::New(env, "Unknown language: " + options.language);
    }
    bool expected = false;
    if (!model_->running.compare_exchange_strong(expected, true)) {
      throw Napi::Error::New(env, "The model is already transcribing.");
    }
    abort_ = std::make_shared<std::atomic<bool>>(false);
    return startTranscription(env, model_, info[0].As<Napi::Float32Array>(), std::move(options),
                              abort_, o.Get("onSegment"), o.Get("onProgress"));
  }

  Napi::Value Abort(const Napi::CallbackInfo& info) {
    if (abort_) abort_->store(true);
    return info.Env().Undefined();
  }

  Napi::Value Free(const Napi::CallbackInfo& info) {
    if (abort_) abort_->store(true);
    model_.reset();  // a running transcription keeps its own reference until it ends
    return info.Env().Undefined();
  }

  Napi::Value Info(const Napi::CallbackInfo& info) {
    Napi::Env env = info.Env();
    if (!model_) return env.Null();
    Napi::Object object = Napi::Object::New(env);
    object.Set("type", Napi::String::New(env, whisper_model_type_readable(model_->ctx)));
    object.Set("multilingual", Napi::Boolean::New(env, whisper_is_multilingual(model_->ctx)));
    object.Set("dtw", Napi::Boolean::New(env, model_->dtw));
    return object;
  }

  std::shared_ptr<ModelHandle> model_;
  std::shared_ptr<std::atomic<bool>> abort_;
};

class LoadWorker : public Napi::AsyncWorker {
 public:
  LoadWorker(Napi::Env env, std::string path, whisper_context_params params)
      : Napi::AsyncWorker(env), deferred_(Napi::Promise::Deferred::New(env)),
        path_(std::move(path)), params_(params) {}

  Napi::Promise Promise() { return deferred_.Promise(); }

 protected:
  void Execute() override {
    handle_ = std::make_shared<ModelHandle>();
    handle_->ctx = whisper_init_from_file_with_params(path_.c_str(), params_);
    if (!handle_->ctx) {
      SetError("whisper.cpp could not load the model " + path_ + ".");
      return;
    }
    handle_->dtw = params_.dtw_token_timestamps;
  }

  void OnOK() override {
    Napi::Env env = Env();
    auto* data = env.GetInstanceData<AddonData>();
    auto* external = new std::shared_ptr<ModelHandle>(handle_);
    deferred_.Resolve(data->modelConstructor.New(
        {Napi::External<std::shared_ptr<ModelHandle>>::New(env, external)}));
  }

  void OnError(const Napi::Error& error) override { deferred_.Reject(error.Value()); }

 private:
  Napi::Promise::Deferred deferred_;
  std::string path_;
  whisper_context_params params_;
  std::shared_ptr<ModelHandle> handle_;
};

/** loadModel(path, { gpu, flashAttn, dtw }): resolves with a WhisperModel. */
Napi::Value LoadModel(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (!info[0].IsString()) throw Napi::TypeError::New(env, "loadModel() needs a model path.");
  Napi::Object o = info[1].IsObject() ? info[1].As<Napi::Object>() : Napi::Object::New(env);
  whisper_context_params params = whisper_context_default_params();
  params.use_gpu = o.Has("gpu") && o.Get("gpu").ToBoolean();
  params.flash_attn = !o.Has("flashAttn") || o.Get("flashAttn").ToBoolean();
  if (o.Has("dtw") && o.Get("dtw").IsString()) {
    const std::string preset = o.Get("dtw").As<Napi::String>().Utf8Value();
    auto found = kAlignmentHeads.find(preset);
    if (found == kAlignmentHeads.end()) {
      throw Napi::RangeError::New(env, "No alignment heads are known for the model " + preset);
    }
    // whisper.cpp computes DTW times from the attention weights, which flash attention skips.
    params.dtw_token_timestamps = true;
    params.dtw_aheads_preset = found->second;
    params.flash_attn = false;
  }
  auto* worker = new LoadWorker(env, info[0].As<Napi::String>().Utf8Value(), params);
  Napi::Promise promise = worker->Promise();
  worker->Queue();
  return promise;
}

}  // namespace

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  whisper_log_set(logFilter, nullptr);
  parakeet_log_set(logFilter, nullptr);
#if defined(__GLIBC__)
  // whisper.cpp allocates and frees a few hundred MB per chunk from its threads. With glibc's
  // defaults each thread's arena keeps what it freed and the resident size creeps up; at most
  // two arenas, and large blocks given back to the system at once, keep it flat. Set here, so it
  // holds in whichever process loads the addon (the engine child or the CLI itself).
  mallopt(M_ARENA_MAX, 2);
  mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
  auto* data = new AddonData();
  data->modelConstructor = Napi::Persistent(WhisperModel::Define(env));
  data->parakeetConstructor = Napi::Persistent(defineParakeetModel(env));
  env.SetInstanceData(data);
  exports.Set("loadModel", Napi::Function::New(env, LoadModel, "loadModel"));
  exports.Set("loadParakeet", Napi::Function::New(env, loadParakeet, "loadParakeet"));
  exports.Set("systemInfo", Napi::Function::New(env, systemInfo, "systemInfo"));
  return exports;
}

}  // namespace verbatim

static Napi::Object InitAddon(Napi::Env env, Napi::Object exports) {
  return verbatim::Init(env, exports);
}

NODE_API_MODULE(verbatim_whisper, InitAddon)
