// A preload library for the kill -9 test on PostgreSQL (tests/store/crash_test.cpp): the server
// dies while its store commits a group, as a kill -9 landing there would make it.
//
// With BELOTE_DIE_AFTER_PG_COMMITS=N in its environment, the N-th COMMIT the process sends to
// PostgreSQL (libpq's simple query "COMMIT", one send()) is sent whole, so that the database commits
// a group nobody was told about, or only its first half when BELOTE_DIE_PG_COMMIT_HALF=1, so that
// the database never sees the COMMIT and rolls the group back; then the process prints one line on
// standard error and sends itself SIGKILL. libpq writes to its socket with send(), wrapped here.

#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

static atomic_long commits_left = -1;  // -1: not armed
static int half = 0;
static ssize_t (*real_send)(int, const void*, size_t, int);

// The protocol's simple query message for "COMMIT": 'Q', its length (4 + 7) big-endian, the text.
static const char commit_message[] = {'Q', 0, 0, 0, 11, 'C', 'O', 'M', 'M', 'I', 'T', 0};

__attribute__((constructor)) static void arm(void) {
    real_send = (ssize_t(*)(int, const void*, size_t, int))dlsym(RTLD_NEXT, "send");
    const char* n = getenv("BELOTE_DIE_AFTER_PG_COMMITS");
    if (n) atomic_store(&commits_left, atol(n));
    const char* h = getenv("BELOTE_DIE_PG_COMMIT_HALF");
    half = h && strcmp(h, "1") == 0;
}

ssize_t send(int fd, const void* buffer, size_t count, int flags) {
    if (count == sizeof commit_message && memcmp(buffer, commit_message, count) == 0 &&
        atomic_load(&commits_left) > 0 && atomic_fetch_sub(&commits_left, 1) == 1) {
        const ssize_t sent = real_send(fd, buffer, half ? count / 2 : count, flags);
        dprintf(STDERR_FILENO, "die_in_pg_commit: killed after sending %zd of the %zu bytes of a COMMIT\n", sent,
                count);
        raise(SIGKILL);
    }
    return real_send(fd, buffer, count, flags);
}
