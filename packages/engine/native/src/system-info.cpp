// systemInfo(): whisper.cpp's version, the CPU features ggml was built with, and the backend
// devices this build can use (CPU, and a GPU when built with CUDA or Vulkan and one is present).
#include "ggml-backend.h"
#include "whisper-addon.h"

namespace verbatim {

namespace {
const char* deviceType(enum ggml_backend_dev_type type) {
  switch (type) {
    case GGML_BACKEND_DEVICE_TYPE_CPU:
      return "cpu";
    case GGML_BACKEND_DEVICE_TYPE_GPU:
      return "gpu";
    case GGML_BACKEND_DEVICE_TYPE_IGPU:
      return "igpu";
    default:
      return "accel";
  }
}
}  // namespace

Napi::Value systemInfo(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  Napi::Object object = Napi::Object::New(env);
  object.Set("whisperVersion", Napi::String::New(env, whisper_version()));
  object.Set("cpuFeatures", Napi::String::New(env, whisper_print_system_info()));
  const size_t count = ggml_backend_dev_count();
  Napi::Array devices = Napi::Array::New(env, count);
  for (size_t i = 0; i < count; i++) {
    ggml_backend_dev_t device = ggml_backend_dev_get(i);
    Napi::Object d = Napi::Object::New(env);
    d.Set("name", Napi::String::New(env, ggml_backend_dev_name(device)));
    d.Set("description", Napi::String::New(env, ggml_backend_dev_description(device)));
    d.Set("type", Napi::String::New(env, deviceType(ggml_backend_dev_type(device))));
    devices.Set(static_cast<uint32_t>(i), d);
  }
  object.Set("devices", devices);
  return object;
}

}  // namespace verbatim
