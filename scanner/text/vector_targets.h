#pragma once
// The attributes that compile one function for wider x86-64 vector instructions than the build's
// baseline (SSE2). A caller runs such a function only where the CPU has them
// (__builtin_cpu_supports, or cpu_runs in scanner/config_scan/anchor_search.h).

#if defined(__x86_64__)
#define MONGOSCAN_AVX2 __attribute__((target("avx2")))
#define MONGOSCAN_AVX512 __attribute__((target("avx512f,avx512bw")))
#endif
