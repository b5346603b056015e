// Aborting inside an encoder pass. whisper.cpp 1.9 checks its abort callback only between the
// graphs it computes, so a cancel waits for the running encoder pass to end: 1-2 s for a base
// model on two cores, far longer for large models. ggml's CPU backend can stop between the nodes
// of a graph when given an abort callback, but whisper.cpp keeps its backends private.
//
// The addon is therefore linked with --wrap=ggml_backend_sched_graph_compute (CMakeLists.txt):
// every graph whisper.cpp computes passes through here, where the CPU backends are given the
// abort flag of the job running on this thread. whisper.cpp then sees the graph fail and returns;
// the worker reports the job as aborted because its flag is set.
//
// The same hook skips the encoder pass that would repeat the language detection's own pass on
// the same window (reuseNextEncoderPass, used by transcribe-worker.cpp).
#include <atomic>

#include "ggml-backend.h"
#include "ggml-cpu.h"
#include "whisper-addon.h"

extern "C" enum ggml_status __real_ggml_backend_sched_graph_compute(ggml_backend_sched_t sched,
                                                                    struct ggml_cgraph* graph);

namespace {
thread_local std::atomic<bool>* runningJobAbort = nullptr;

// Skipping one encoder pass (reuseNextEncoderPass): 0 = off, 1 = the convolution graph (the one
// holding the "mel" input) comes next, 2 = the encoder graph, 3 = the cross-attention graph.
thread_local int encoderReuseStep = 0;
thread_local bool encoderPassSkipped = false;

bool abortRequested(void* flag) { return static_cast<std::atomic<bool>*>(flag)->load(); }
}  // namespace

namespace verbatim {
GraphAbortScope::GraphAbortScope(std::atomic<bool>* flag) { runningJobAbort = flag; }
GraphAbortScope::~GraphAbortScope() { runningJobAbort = nullptr; }
bool abortingOnThisThread() { return runningJobAbort != nullptr && runningJobAbort->load(); }
void reuseNextEncoderPass() {
  encoderReuseStep = 1;
  encoderPassSkipped = false;
}
bool endEncoderReuse() {
  encoderReuseStep = 0;
  return encoderPassSkipped;
}
}  // namespace verbatim

extern "C" enum ggml_status __wrap_ggml_backend_sched_graph_compute(ggml_backend_sched_t sched,
                                                                    struct ggml_cgraph* graph) {
  if (encoderReuseStep > 0) {
    // whisper_encode_internal computes three graphs in a row: convolution (its input is the
    // tensor "mel"), encoder, cross-attention K/V (written into the state's kv_cross, which the
    // decoder reads). When the first one is not the convolution, this is not an encoder pass:
    // nothing is skipped.
    if (encoderReuseStep == 1 && ggml_graph_get_tensor(graph, "mel") == nullptr) {
      encoderReuseStep = 0;
    } else {
      encoderReuseStep = encoderReuseStep == 3 ? 0 : encoderReuseStep + 1;
      if (encoderReuseStep == 0) encoderPassSkipped = true;
      return GGML_STATUS_SUCCESS;
    }
  }
  std::atomic<bool>* flag = runningJobAbort;
  const int count = ggml_backend_sched_get_n_backends(sched);
  for (int i = 0; i < count; i++) {
    ggml_backend_t backend = ggml_backend_sched_get_backend(sched, i);
    if (ggml_backend_is_cpu(backend)) {
      ggml_backend_cpu_set_abort_callback(backend, flag ? abortRequested : nullptr, flag);
    }
  }
  return __real_ggml_backend_sched_graph_compute(sched, graph);
}
