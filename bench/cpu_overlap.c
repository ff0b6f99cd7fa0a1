// How far two busy threads on two CPUs really run at once on this machine: the wall time of
// two threads, pinned to the first two CPUs the process may use, doing the same arithmetic
// together, over the first one doing it alone (medians of 7 rounds). About 1.0 when the two
// CPUs run in parallel; about 2.0 when the host runs the VM's two vCPUs on one physical CPU
// (part-refine, which hands work to a second thread, then runs at its one-thread speed while
// gpmetis, with one thread, is unaffected). Unpinned, the second thread often stayed queued on
// the first one's CPU (spread_thread.hpp), which measures the guest's scheduler instead.
// Printed by bench/refine.sh beside its timings.
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static volatile double sink;

static int cpu[2]; // the CPUs of the two threads

static cpu_set_t only(int which) {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu[which], &one);
    return one;
}

static void* spin(void* steps) {
    double x = 1;
    for (long i = 0; i < (long)steps; ++i) x = x * 1.0000001 + 1e-9;
    sink = x;
    return NULL;
}

static int by_value(const void* a, const void* b) {
    const double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

int main(void) {
    enum { kRounds = 7 };
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0 || CPU_COUNT(&allowed) < 2) {
        printf("nan\n"); // one CPU: nothing to overlap
        return 0;
    }
    for (int c = 0, found = 0; found < 2; ++c)
        if (CPU_ISSET(c, &allowed)) cpu[found++] = c;
    cpu_set_t first = only(0), second = only(1);
    pthread_setaffinity_np(pthread_self(), sizeof first, &first);
    // Created on the second CPU: a thread created here and moved there itself first waited in
    // this CPU's queue, behind the busy first thread.
    pthread_attr_t on_second;
    pthread_attr_init(&on_second);
    pthread_attr_setaffinity_np(&on_second, sizeof second, &second);
    void* const steps = (void*)2000000L; // about 3 ms
    double alone[kRounds], together[kRounds];
    for (int round = 0; round < kRounds; ++round) {
        const double t0 = now_us();
        spin(steps);
        const double t1 = now_us();
        pthread_t other;
        if (pthread_create(&other, &on_second, spin, steps) != 0) return 1;
        spin(steps);
        pthread_join(other, NULL);
        alone[round] = t1 - t0;
        together[round] = now_us() - t1;
    }
    qsort(alone, kRounds, sizeof alone[0], by_value);
    qsort(together, kRounds, sizeof together[0], by_value);
    printf("%.2f\n", together[kRounds / 2] / alone[kRounds / 2]);
    return 0;
}
