// A preload library for the kill -9 test (tests/store/crash_test.cpp): the server dies in the
// middle of a group commit, as a kill -9 landing there would make it.
//
// With BELOTE_DIE_AFTER_WAL_WRITES=N in its environment, the N-th write to a file whose name ends in
// "-wal" (SQLite's write-ahead log, written only while a transaction commits) writes half of its
// bytes, prints one line on standard error, and the process sends itself SIGKILL. SQLite opens its
// files with open64 and writes them with pwrite64 (Debian's libsqlite3), the two calls wrapped here.

#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

enum { max_fd = 65536 };

static atomic_long writes_left = -1;  // -1: not armed
static atomic_uchar is_log[max_fd];   // by file descriptor: a "-wal" file
static int (*real_open64)(const char*, int, ...);
static ssize_t (*real_pwrite64)(int, const void*, size_t, off_t);

__attribute__((constructor)) static void arm(void) {
    real_open64 = (int (*)(const char*, int, ...))dlsym(RTLD_NEXT, "open64");
    real_pwrite64 = (ssize_t(*)(int, const void*, size_t, off_t))dlsym(RTLD_NEXT, "pwrite64");
    const char* n = getenv("BELOTE_DIE_AFTER_WAL_WRITES");
    if (n) atomic_store(&writes_left, atol(n));
}

int open64(const char* path, int flags, ...) {
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) {
        va_list args;
        va_start(args, flags);
        mode = va_arg(args, mode_t);
        va_end(args);
    }
    const int fd = real_open64(path, flags, mode);
    if (fd >= 0 && fd < max_fd) {
        const size_t length = strlen(path);
        atomic_store(&is_log[fd], length >= 4 && strcmp(path + length - 4, "-wal") == 0);
    }
    return fd;
}

ssize_t pwrite64(int fd, const void* buffer, size_t count, off_t offset) {
    if (fd >= 0 && fd < max_fd && atomic_load(&is_log[fd]) && atomic_load(&writes_left) > 0 &&
        atomic_fetch_sub(&writes_left, 1) == 1) {
        real_pwrite64(fd, buffer, count / 2, offset);
        dprintf(STDERR_FILENO, "die_in_wal_write: killed in a write of %zu bytes to the log at offset %lld\n", count,
                (long long)offset);
        raise(SIGKILL);
    }
    return real_pwrite64(fd, buffer, count, offset);
}
