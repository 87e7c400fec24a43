/*
** BenchShim: what the benchmarks need of the system that Swift does not import.
*/
#ifndef BENCHSHIM_H
#define BENCHSHIM_H

/* Makes this process the subreaper of the processes it starts: those whose parent ends
** first become its children (Linux), to be waited for. Returns 0, or -1 where it cannot. */
int bench_become_subreaper(void);

#endif
