// The CPUs a thread may run on, through Linux's raw system calls: Glibc declares their wrappers
// (sched_setaffinity, sched_getcpu) only under _GNU_SOURCE, which Swift's Glibc module is not
// built with. Elsewhere every call fails, and a WriterCore is never claimed.
#ifndef BOOKSTRACK_CTHREADAFFINITY_H
#define BOOKSTRACK_CTHREADAFFINITY_H

#include <stdint.h>
#include <stddef.h>
#if defined(__linux__)
#include <unistd.h>
#include <sys/syscall.h>
#endif

/// Words of a CPU mask: 1,024 CPUs, the size of Glibc's cpu_set_t.
#define BT_CPU_MASK_WORDS 16

/// The calling thread's allowed CPUs into `mask` (BT_CPU_MASK_WORDS words, CPU n at bit n % 64
/// of word n / 64); 0 on success, -1 with errno set on failure.
static inline int bt_thread_affinity(uint64_t *mask) {
    for (int word = 0; word < BT_CPU_MASK_WORDS; word++) mask[word] = 0;
#if defined(__linux__)
    long written = syscall(SYS_sched_getaffinity, 0, BT_CPU_MASK_WORDS * sizeof(uint64_t), mask);
    return written < 0 ? -1 : 0;
#else
    return -1;
#endif
}

/// Lets the calling thread run only on the CPUs of `mask`; 0 on success, -1 with errno set.
static inline int bt_set_thread_affinity(const uint64_t *mask) {
#if defined(__linux__)
    return (int)syscall(SYS_sched_setaffinity, 0, BT_CPU_MASK_WORDS * sizeof(uint64_t), mask);
#else
    (void)mask;
    return -1;
#endif
}

/// The CPU the calling thread runs on now; -1 if the kernel does not say.
static inline int bt_current_cpu(void) {
#if defined(__linux__)
    unsigned cpu = 0;
    return syscall(SYS_getcpu, &cpu, NULL, NULL) == 0 ? (int)cpu : -1;
#else
    return -1;
#endif
}

#endif
