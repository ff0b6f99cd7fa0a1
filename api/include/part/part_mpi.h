/* The MPI part of the C interface (part_mpi in pkg-config, part::part_mpi in CMake): apply a
 * plan (part.h's part_plan) to a solver's arrays of fixed-size or variable-size elements, and
 * exchange halos with a schedule (part.h's part_halo). Collective calls: a rank that finds bad
 * input makes every rank return PART_ERROR_INPUT with its message. Fortran binds the _f
 * functions, which take its communicator handle (mpi_f08: comm%MPI_VAL). */
#ifndef PART_PART_MPI_H
#define PART_PART_MPI_H

#include <mpi.h>

#include "part/part.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How many elements `rank` owns after `plan` when it owns `owned` now: the length of
 * part_migrate's outputs. */
PART_C_EXPORT int part_migrate_count(const part_plan* plan, int32_t rank, int32_t owned,
                                     int32_t* new_owned);

/* Collective. This rank owns `owned` elements: their global ids (exactly the vertices of old part
 * == this rank, in any order) and bytes_per_element bytes of data each. Writes the new owned ids,
 * ascending, to new_ids and their data to new_data (new_owned from part_migrate_count). Only the
 * data travels, in the plan's message order. */
PART_C_EXPORT int part_migrate(MPI_Comm comm, const part_plan* plan, int32_t owned,
                               const int32_t* ids, const void* data, int64_t bytes_per_element,
                               int32_t* new_ids, void* new_data);

PART_C_EXPORT int part_migrate_f(MPI_Fint comm, const part_plan* plan, int32_t owned,
                                 const int32_t* ids, const void* data, int64_t bytes_per_element,
                                 int32_t* new_ids, void* new_data);

/* The result of part_migrate_variable, whose sizes only the migration tells: opaque, read with
 * part_migrated_sizes and part_migrated_copy into arrays the caller allocates, freed with
 * part_migrated_free. */
typedef struct part_migrated part_migrated;

/* Collective. part_migrate for elements of different sizes: element i of the `owned` this rank
 * owns (ids as for part_migrate) is data[offsets[i] .. offsets[i + 1]) (bytes; offsets holds
 * owned + 1 values rising from 0; may be NULL when owned is 0). Sets *migrated to a new handle
 * holding the new owned ids, ascending, their offsets and data (NULL on error). The sizes travel
 * first, then the bytes. */
PART_C_EXPORT int part_migrate_variable(MPI_Comm comm, const part_plan* plan, int32_t owned,
                                        const int32_t* ids, const int64_t* offsets,
                                        const void* data, part_migrated** migrated);

PART_C_EXPORT int part_migrate_variable_f(MPI_Fint comm, const part_plan* plan, int32_t owned,
                                          const int32_t* ids, const int64_t* offsets,
                                          const void* data, part_migrated** migrated);

/* How many elements this rank owns after the migration and their total bytes; either may be
 * NULL. */
PART_C_EXPORT int part_migrated_sizes(const part_migrated* migrated, int32_t* new_owned,
                                      int64_t* new_bytes);

/* Copies the new owned ids (new_owned values, ascending), their offsets (new_owned + 1, from 0)
 * and their data (new_bytes) to the caller's arrays; any of them may be NULL (not copied). */
PART_C_EXPORT int part_migrated_copy(const part_migrated* migrated, int32_t* new_ids,
                                     int64_t* new_offsets, void* new_data);

PART_C_EXPORT void part_migrated_free(part_migrated* migrated);

/* Collective. One halo exchange with this rank's schedule: this rank owns `owned` elements, ids
 * ascending in owned_ids with bytes_per_element bytes each in owned_data; writes the data of its
 * ghosts to ghost_data (ghosts x bytes_per_element bytes, in part_halo_ghost_ids's order). */
PART_C_EXPORT int part_halo_exchange(MPI_Comm comm, const part_halo* halo, int32_t owned,
                                     const int32_t* owned_ids, const void* owned_data,
                                     int64_t bytes_per_element, void* ghost_data);

PART_C_EXPORT int part_halo_exchange_f(MPI_Fint comm, const part_halo* halo, int32_t owned,
                                       const int32_t* owned_ids, const void* owned_data,
                                       int64_t bytes_per_element, void* ghost_data);

#ifdef __cplusplus
}
#endif

#endif
