/*
** WorkerShim: what a test worker asks of the system that Swift cannot call.
*/
#ifndef WORKERSHIM_H
#define WORKERSHIM_H

/* Has the calling process killed when its parent ends (Linux; elsewhere nothing happens):
   a fork running a test file dies with the worker that made it, whatever it is doing. prctl
   is variadic, which Swift cannot call. Returns 0, or -1 where it cannot be done. */
int wsh_dieswithparent(void);

#endif
