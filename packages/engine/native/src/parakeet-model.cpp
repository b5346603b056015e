// NVIDIA Parakeet (TDT) through whisper.cpp's own `parakeet` library, in the same addon and
// process as whisper: loadParakeet() → ParakeetModel with transcribe(), abort() and free().
// transcribe() runs parakeet_full on its own thread; each token is streamed to JS as it is
// decoded (the TypeScript side groups tokens into segments, src/recognisers/parakeet-model.ts),
// and the result is every token with its start and end time (ms), probability and whether it
// starts a word. Abort stops within a ggml node (graph-abort.cpp) or between decoder steps.
#include <thread>

#include "parakeet.h"
#include "whisper-addon.h"

namespace verbatim {
namespace {

struct ParakeetHandle {
  parakeet_context* ctx = nullptr;
  std::atomic<bool> running{false};
  ~ParakeetHandle() {
    if (ctx) parakeet_free(ctx);
  }
};

struct ParakeetToken {
  int id;
  std::string piece;  // the SentencePiece piece, "▁" marking a word start
  float p;
  int64_t t0;  // ms
  int64_t t1;  // ms
  bool wordStart;
};

struct ParakeetEvent {
  enum Kind { Token, Progress, Done, Failed } kind;
  ParakeetToken token{};
  int progress = 0;
  std::vector<ParakeetToken> tokens;
  std::string code;
  std::string message;
};

struct ParakeetJobContext {
  explicit ParakeetJobContext(Napi::Env env) : deferred(Napi::Promise::Deferred::New(env)) {}
  Napi::Promise::Deferred deferred;
  Napi::FunctionReference onToken;
  Napi::FunctionReference onProgress;
  Napi::ObjectReference pcm;
  Napi::Value callbackError;
  bool callbackFailed = false;
};

Napi::Object tokenToJs(Napi::Env env, const ParakeetToken& token) {
  Napi::Object t = Napi::Object::New(env);
  t.Set("id", Napi::Number::New(env, token.id));
  t.Set("piece", Napi::String::New(env, token.piece));
  t.Set("p", Napi::Number::New(env, token.p));
  t.Set("start", Napi::Number::New(env, static_cast<double>(token.t0)));
  t.Set("end", Napi::Number::New(env, static_cast<double>(token.t1)));
  t.Set("wordStart", Napi::Boolean::New(env, token.wordStart));
  return t;
}

void callParakeetJs(Napi::Env env, Napi::Function, ParakeetJobContext* context,
                    ParakeetEvent* raw) {
  std::unique_ptr<ParakeetEvent> event(raw);
  if (env == nullptr || event == nullptr) return;
  Napi::HandleScope scope(env);
  switch (event->kind) {
    case ParakeetEvent::Token:
    case ParakeetEvent::Progress: {
      Napi::FunctionReference& callback =
          event->kind == ParakeetEvent::Token ? context->onToken : context->onProgress;
      if (callback.IsEmpty() || context->callbackFailed) return;
      try {
        if (event->kind == ParakeetEvent::Token) {
          callback.Call({tokenToJs(env, event->token)});
        } else {
          callback.Call({Napi::Number::New(env, event->progress)});
        }
      } catch (const Napi::Error& error) {
        context->callbackFailed = true;
        context->callbackError = error.Value();
      }
      return;
    }
    case ParakeetEvent::Done: {
      if (context->callbackFailed) {
        context->deferred.Reject(context->callbackError);
        return;
      }
      Napi::Object result = Napi::Object::New(env);
      Napi::Array tokens = Napi::Array::New(env, event->tokens.size());
      for (size_t i = 0; i < event->tokens.size(); i++) {
        tokens.Set(static_cast<uint32_t>(i), tokenToJs(env, event->tokens[i]));
      }
      result.Set("tokens", tokens);
      context->deferred.Resolve(result);
      return;
    }
    case ParakeetEvent::Failed: {
      Napi::Error error = Napi::Error::New(env, event->message);
      error.Set("code", Napi::String::New(env, event->code));
      context->deferred.Reject(error.Value());
      return;
    }
  }
}

using ParakeetChannel =
    Napi::TypedThreadSafeFunction<ParakeetJobContext, ParakeetEvent, callParakeetJs>;

struct ParakeetJob {
  std::shared_ptr<ParakeetHandle> model;
  const float* samples;
  size_t count;
  int threads;
  std::shared_ptr<std::atomic<bool>> abortFlag;
  ParakeetChannel channel;
  bool streamTokens;
  bool reportProgress;
};

ParakeetToken readToken(parakeet_context* ctx, const parakeet_token_data& data) {
  const char* piece = parakeet_token_to_str(ctx, data.id);
  // t0 and t1 count mel frames of PARAKEET_HOP_LENGTH samples (10 ms).
  const int64_t frameMs = PARAKEET_HOP_LENGTH * 1000 / PARAKEET_SAMPLE_RATE;
  return ParakeetToken{data.id, piece ? piece : "", data.p, data.t0 * frameMs, data.t1 * frameMs,
                       data.is_word_start};
}

void onParakeetToken(parakeet_context* ctx, parakeet_state*, const parakeet_token_data* data,
                     void* user) {
  auto* job = static_cast<ParakeetJob*>(user);
  if (!job->streamTokens || data == nullptr) return;
  auto* event = new ParakeetEvent{ParakeetEvent::Token};
  event->token = readToken(ctx, *data);
  if (job->channel.NonBlockingCall(event) != napi_ok) delete event;
}

void onParakeetProgress(parakeet_context*, parakeet_state*, int progress, void* user) {
  auto* job = static_cast<ParakeetJob*>(user);
  if (!job->reportProgress) return;
  auto* event = new ParakeetEvent{ParakeetEvent::Progress};
  event->progress = progress;
  if (job->channel.NonBlockingCall(event) != napi_ok) delete event;
}

bool parakeetShouldAbort(void* user) {
  return static_cast<ParakeetJob*>(user)->abortFlag->load();
}

bool parakeetEncoderMayBegin(parakeet_context*, parakeet_state*, void* user) {
  return !parakeetShouldAbort(user);
}

ParakeetEvent* parakeetFailure(const char* code, const std::string& message) {
  auto* event = new ParakeetEvent{ParakeetEvent::Failed};
  event->code = code;
  event->message = message;
  return event;
}

ParakeetEvent* runParakeet(ParakeetJob& job) {
  const GraphAbortScope abortInsideGraphs(job.abortFlag.get());
  parakeet_context* ctx = job.model->ctx;
  parakeet_full_params params = parakeet_full_default_params(PARAKEET_SAMPLING_GREEDY);
  params.n_threads = job.threads;
  params.no_context = true;
  params.new_token_callback = onParakeetToken;
  params.new_token_callback_user_data = &job;
  params.progress_callback = onParakeetProgress;
  params.progress_callback_user_data = &job;
  params.encoder_begin_callback = parakeetEncoderMayBegin;
  params.encoder_begin_callback_user_data = &job;
  params.abort_callback = parakeetShouldAbort;
  params.abort_callback_user_data = &job;
  const int status = parakeet_full(ctx, params, job.samples, static_cast<int>(job.count));
  if (verboseLog()) parakeet_print_timings(ctx);
  if (job.abortFlag->load()) return parakeetFailure("ABORTED", "The transcription was aborted.");
  if (status != 0) {
    return parakeetFailure(
        "FAILED", "parakeet failed to transcribe (status " + std::to_string(status) + ").");
  }
  auto* done = new ParakeetEvent{ParakeetEvent::Done};
  const int segments = parakeet_full_n_segments(ctx);
  for (int i = 0; i < segments; i++) {
    const int n = parakeet_full_n_tokens(ctx, i);
    for (int j = 0; j < n; j++) {
      done->tokens.push_back(readToken(ctx, parakeet_full_get_token_data(ctx, i, j)));
    }
  }
  return done;
}

class ParakeetModel : public Napi::ObjectWrap<ParakeetModel> {
 public:
  static Napi::Function Define(Napi::Env env) {
    return DefineClass(env, "ParakeetModel",
                       {InstanceMethod<&ParakeetModel::Transcribe>("transcribe"),
                        InstanceMethod<&ParakeetModel::Abort>("abort"),
                        InstanceMethod<&ParakeetModel::Free>("free"),
                        InstanceAccessor<&ParakeetModel::Info>("info")});
  }

  explicit ParakeetModel(const Napi::CallbackInfo& info)
      : Napi::ObjectWrap<ParakeetModel>(info) {
    auto* handle = info[0].As<Napi::External<std::shared_ptr<ParakeetHandle>>>().Data();
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
    const int threads = o.Has("threads") ? o.Get("threads").As<Napi::Number>().Int32Value() : 1;
    if (threads < 1) throw Napi::RangeError::New(env, "threads must be at least 1.");
    bool expected = false;
    if (!model_->running.compare_exchange_strong(expected, true)) {
      throw Napi::Error::New(env, "The model is already transcribing.");
    }
    abort_ = std::make_shared<std::atomic<bool>>(false);
    Napi::Float32Array pcm = info[0].As<Napi::Float32Array>();
    Napi::Value onToken = o.Get("onToken");
    Napi::Value onProgress = o.Get("onProgress");

    auto* context = new ParakeetJobContext(env);
    if (onToken.IsFunction()) context->onToken = Napi::Persistent(onToken.As<Napi::Function>());
    if (onProgress.IsFunction()) {
      context->onProgress = Napi::Persistent(onProgress.As<Napi::Function>());
    }
    context->pcm = Napi::Persistent(pcm.As<Napi::Object>());
    Napi::Promise promise = context->deferred.Promise();

    auto job = std::make_shared<ParakeetJob>();
    job->model = model_;
    job->samples = pcm.Data();
    job->count = pcm.ElementLength();
    job->threads = threads;
    job->abortFlag = abort_;
    job->streamTokens = onToken.IsFunction();
    job->reportProgress = onProgress.IsFunction();
    job->channel = ParakeetChannel::New(env, "verbatim-parakeet-transcribe", 0, 1, context,
                                        [](Napi::Env, void*, ParakeetJobContext* c) { delete c; });
    std::thread([job]() {
      ParakeetEvent* outcome;
      try {
        outcome = runParakeet(*job);
      } catch (const std::exception& error) {
        outcome = parakeetFailure("FAILED", std::string("parakeet failed: ") + error.what());
      }
      job->model->running.store(false);
      if (job->channel.BlockingCall(outcome) != napi_ok) delete outcome;
      job->channel.Release();
    }).detach();
    return promise;
  }

  Napi::Value Abort(const Napi::CallbackInfo& info) {
    if (abort_) abort_->store(true);
    return info.Env().Undefined();
  }

  Napi::Value Free(const Napi::CallbackInfo& info) {
    if (abort_) abort_->store(true);
    model_.reset();
    return info.Env().Undefined();
  }

  Napi::Value Info(const Napi::CallbackInfo& info) {
    Napi::Env env = info.Env();
    if (!model_) return env.Null();
    Napi::Object object = Napi::Object::New(env);
    object.Set("vocabulary", Napi::Number::New(env, parakeet_model_n_vocab(model_->ctx)));
    object.Set("layers", Napi::Number::New(env, parakeet_model_n_audio_layer(model_->ctx)));
    object.Set("state", Napi::Number::New(env, parakeet_model_n_audio_state(model_->ctx)));
    object.Set("mels", Napi::Number::New(env, parakeet_model_n_mels(model_->ctx)));
    return object;
  }

  std::shared_ptr<ParakeetHandle> model_;
  std::shared_ptr<std::atomic<bool>> abort_;
};

class LoadParakeetWorker : public Napi::AsyncWorker {
 public:
  LoadParakeetWorker(Napi::Env env, std::string path, parakeet_context_params params)
      : Napi::AsyncWorker(env), deferred_(Napi::Promise::Deferred::New(env)),
        path_(std::move(path)), params_(params) {}

  Napi::Promise Promise() { return deferred_.Promise(); }

 protected:
  void Execute() override {
    handle_ = std::make_shared<ParakeetHandle>();
    handle_->ctx = parakeet_init_from_file_with_params(path_.c_str(), params_);
    if (!handle_->ctx) SetError("parakeet could not load the model " + path_ + ".");
  }

  void OnOK() override {
    Napi::Env env = Env();
    auto* data = env.GetInstanceData<AddonData>();
    auto* external = new std::shared_ptr<ParakeetHandle>(handle_);
    deferred_.Resolve(data->parakeetConstructor.New(
        {Napi::External<std::shared_ptr<ParakeetHandle>>::New(env, external)}));
  }

  void OnError(const Napi::Error& error) override { deferred_.Reject(error.Value()); }

 private:
  Napi::Promise::Deferred deferred_;
  std::string path_;
  parakeet_context_params params_;
  std::shared_ptr<ParakeetHandle> handle_;
};

}  // namespace

Napi::Function defineParakeetModel(Napi::Env env) { return ParakeetModel::Define(env); }

Napi::Value loadParakeet(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (!info[0].IsString()) throw Napi::TypeError::New(env, "loadParakeet() needs a model path.");
  Napi::Object o = info[1].IsObject() ? info[1].As<Napi::Object>() : Napi::Object::New(env);
  parakeet_context_params params = parakeet_context_default_params();
  params.use_gpu = o.Has("gpu") && o.Get("gpu").ToBoolean();
  auto* worker = new LoadParakeetWorker(env, info[0].As<Napi::String>().Utf8Value(), params);
  Napi::Promise promise = worker->Promise();
  worker->Queue();
  return promise;
}

}  // namespace verbatim
