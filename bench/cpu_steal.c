// Takes a share of one CPU, as a host that runs something else on a VM's vCPU does: pinned to
// CPU argv[1] at real-time priority 50 (above the benchmarks' chrt -f 10), it is busy for
// argv[2] microseconds, then sleeps argv[3], until killed. Used by
// bench/refine_ratio_interleaved.py --steal.
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000L + t.tv_nsec / 1000;
}

int main(int argc, char** argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: cpu_steal CPU BUSY_US IDLE_US\n");
        return 2;
    }
    cpu_set_t cpus;
    CPU_ZERO(&cpus);
    CPU_SET(atoi(argv[1]), &cpus);
    struct sched_param priority = {.sched_priority = 50};
    if (sched_setaffinity(0, sizeof cpus, &cpus) != 0 ||
        sched_setscheduler(0, SCHED_FIFO, &priority) != 0) {
        perror("cpu_steal");
        return 1;
    }
    const long busy = atol(argv[2]), idle = atol(argv[3]);
    const struct timespec pause = {idle / 1000000, (idle % 1000000) * 1000};
    for (;;) {
        const long start = now_us();
        while (now_us() - start < busy) {
        }
        nanosleep(&pause, NULL);
    }
}
