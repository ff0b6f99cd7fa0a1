/* The public C interface of libpart (Fortran binds to it with iso_c_binding): the functions of
 * part/part.hpp on plain arrays. The graph is METIS's 0-based CSR layout. Every function returns
 * PART_OK or an error code; part_last_error() then gives the message (per thread). Output
 * arrays are the caller's, of the sizes stated; nothing is kept between calls. */
#ifndef PART_PART_H
#define PART_PART_H

#include <stdint.h>

/* The shared library exports these names only (libpart's own are hidden). */
#define PART_C_EXPORT __attribute__((visibility("default")))

#ifdef __cplusplus
extern "C" {
#endif

enum part_status {
    PART_OK = 0,
    PART_ERROR_INPUT = 1,   /* bad input: the message names what is wrong */
    PART_ERROR_MEMORY = 2,  /* out of memory */
    PART_ERROR_INTERNAL = 3 /* a bug: please report the message */
};

typedef struct part_graph {
    int32_t n;             /* vertices */
    const int64_t* xadj;   /* n + 1 offsets */
    const int32_t* adjncy; /* xadj[n] neighbour ids, each edge in both directions */
    int32_t ncon;          /* weights per vertex in vwgt (1 if vwgt is NULL) */
    const int32_t* vwgt;   /* n * ncon, or NULL for unit weights */
    const int32_t* vsize;  /* n migration sizes, or NULL for 1 */
    const int32_t* adjwgt; /* xadj[n] edge weights, or NULL for 1 */
    int32_t dim;           /* 0, 2 or 3 */
    const double* coords;  /* n * dim, row-major, or NULL when dim is 0 */
} part_graph;

typedef struct part_metrics {
    int64_t edge_cut;
    int64_t communication_volume;
    double imbalance;
    int32_t empty_parts;
    int32_t disconnected_parts;
} part_metrics;

/* Partitions into nparts with `method` ("metis", "rcb", ...; NULL: "metis"), allowing parts up
 * to (1 + tolerance) x their equal share; seed -1 is the method's default. Writes n part ids. */
PART_C_EXPORT int part_partition(const part_graph* graph, int32_t nparts, const char* method,
                                 double tolerance, int32_t seed, int32_t* part);

/* Repartitions from old_part (n ranks in 0 .. old_nparts - 1) into new_nparts parts for the
 * graph's current weights with `method` ("adaptive", "gde", "scratch", ...; NULL: "adaptive").
 * migration_cost: cut edges one migrated size unit is worth (0.5 is the default). Writes n new
 * part ids to new_part, new_nparts ranks to rank_of_part (may be NULL), and the migrated size
 * to moved_size (may be NULL). */
PART_C_EXPORT int part_repartition(const part_graph* graph, const int32_t* old_part,
                                   int32_t old_nparts, int32_t new_nparts, const char* method,
                                   double tolerance, double migration_cost, int32_t* new_part,
                                   int32_t* rank_of_part, int64_t* moved_size);

PART_C_EXPORT int part_compute_metrics(const part_graph* graph, const int32_t* part, int32_t nparts,
                                       part_metrics* metrics);

/* A migration plan (part/part.hpp's Plan) behind an opaque handle: made from two partitions or
 * read from a .plan file, and freed with part_plan_free. */
typedef struct part_plan part_plan;

/* The plan from old_part to new_part (n vertices each), new part q on rank rank_of_part[q]
 * (new_nparts values; NULL: rank q). Sets *plan to a new handle. */
PART_C_EXPORT int part_plan_make(int32_t n, const int32_t* old_part, int32_t old_nparts,
                                 const int32_t* new_part, int32_t new_nparts,
                                 const int32_t* rank_of_part, part_plan** plan);
/* Reads and checks a .plan file (as part-plan and part-repart write them). */
PART_C_EXPORT int part_plan_read(const char* path, part_plan** plan);
/* Writes a .plan file, replacing `path` only once the whole file is written. */
PART_C_EXPORT int part_plan_write(const part_plan* plan, const char* path);
PART_C_EXPORT void part_plan_free(part_plan* plan);

/* The plan's vertices, old parts (ranks), new parts and messages; any pointer may be NULL. */
PART_C_EXPORT int part_plan_sizes(const part_plan* plan, int32_t* num_vertices, int32_t* old_parts,
                                  int32_t* new_parts, int32_t* messages);
/* Writes new_parts values: the rank hosting each new part. */
PART_C_EXPORT int part_plan_rank_of_part(const part_plan* plan, int32_t* rank_of_part);
/* Message m (0 .. messages - 1): from old rank *source to new part *destination, its *count
 * vertices ascending at *vertices (owned by the plan, valid until part_plan_free). */
PART_C_EXPORT int part_plan_message(const part_plan* plan, int32_t m, int32_t* source,
                                    int32_t* destination, int32_t* count, const int32_t** vertices);

/* The message of this thread's last failed call ("" if none). */
/* The halo exchange schedule of one rank (part.hpp's halo_schedule, Kaddoura & Ranka's
 * schedule_sort): for each neighbour rank, ascending, the sorted ids this rank sends it and
 * receives from it. Opaque; part_halo_free releases it. */
typedef struct part_halo part_halo;

/* The schedule of `rank` for the partition `part` of the whole graph (n part ids; part q on rank
 * rank_of_part[q], nparts entries, or on rank q when rank_of_part is NULL). */
PART_C_EXPORT int part_halo_make(const part_graph* graph, const int32_t* part, int32_t nparts,
                                 const int32_t* rank_of_part, int32_t rank, part_halo** halo);

/* The same from this rank's rows only: `owned` global ids, offsets[owned + 1], and the global ids
 * of their neighbours in neighbours[offsets[0] .. offsets[owned]); part holds the part of each
 * of the n vertices of the whole graph. */
PART_C_EXPORT int part_halo_make_rows(int32_t owned, const int32_t* ids, const int64_t* offsets,
                                      const int32_t* neighbours, int32_t n, const int32_t* part,
                                      int32_t nparts, const int32_t* rank_of_part, int32_t rank,
                                      part_halo** halo);

PART_C_EXPORT void part_halo_free(part_halo* halo);

/* How many neighbour ranks, and how many ghosts (the receive lists' total); either may be NULL. */
PART_C_EXPORT int part_halo_sizes(const part_halo* halo, int32_t* neighbours, int32_t* ghosts);

/* Neighbour k (0 .. neighbours - 1, ascending rank): its rank and its send and receive lists,
 * pointers into the schedule valid until part_halo_free. Any output may be NULL. */
PART_C_EXPORT int part_halo_neighbour(const part_halo* halo, int32_t k, int32_t* rank,
                                      int32_t* send_count, const int32_t** send,
                                      int32_t* receive_count, const int32_t** receive);

/* Writes the ghost ids (`ghosts` of part_halo_sizes): the receive lists, neighbour after
 * neighbour, the order in which part_halo_exchange writes their data. */
PART_C_EXPORT int part_halo_ghost_ids(const part_halo* halo, int32_t* ghost_ids);

PART_C_EXPORT const char* part_last_error(void);

#ifdef __cplusplus
}
#endif

#endif
