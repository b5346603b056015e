// Aborting inside an encoder pass. whisper.cpp 1.9 checks its abort callback only between the
// graphs it computes, so a cancel waits for the running encoder pass to end: 1-2 s for a base
// model on two cores, far longer for large models. ggml's CPU backend can stop between the nodes
// of a graph when given an abort callback, but whisper.cpp keeps its backends private.
//
// The addon is therefore linked with --wrap=ggml_backend_sched_graph_compute (CMakeLists.txt):
// every graph whisper.cpp computes passes through here, where the CPU backends are given the
// abort flag of the job running on this thread. whisper.cpp then sees the graph fail and returns;
// the worker reports the job as aborted because its flag is set.
#include <atomic>

#include "ggml-backend.h"
#include "ggml-cpu.h"
#include "whisper-addon.h"

extern "C" enum ggml_status __real_ggml_backend_sched_graph_compute(ggml_backend_sched_t sched,
                                                                    struct ggml_cgraph* graph);

namespace {
thread_local std::atomic<bool>* runningJobAbort = nullptr;

bool abortRequested(void* flag) { return static_cast<std::atomic<bool>*>(flag)->load(); }
}  // namespace

namespace verbatim {
GraphAbortScope::GraphAbortScope(std::atomic<bool>* flag) { runningJobAbort = flag; }
GraphAbortScope::~GraphAbortScope() { runningJobAbort = nullptr; }
bool abortingOnThisThread() { return runningJobAbort != nullptr && runningJobAbort->load(); }
}  // namespace verbatim

extern "C" enum ggml_status __wrap_ggml_backend_sched_graph_compute(ggml_backend_sched_t sched,
                                                                    struct ggml_cgraph* graph) {
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
