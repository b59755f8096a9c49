#include "tests/support/read_only_vfs.hpp"

#include <stdexcept>

namespace belote::testing {

std::atomic<bool> ReadOnlyVfs::read_only_{false};

/// A file of the shim: our methods first, the default VFS's file right after it.
struct ReadOnlyFile {
    sqlite3_file base;
    sqlite3_file* real;

    static sqlite3_file* real_of(sqlite3_file* f) { return reinterpret_cast<ReadOnlyFile*>(f)->real; }
    static bool refused() { return ReadOnlyVfs::read_only_.load(); }

    static int close(sqlite3_file* f) { return real_of(f)->pMethods->xClose(real_of(f)); }
    static int read(sqlite3_file* f, void* p, int n, sqlite3_int64 at) {
        return real_of(f)->pMethods->xRead(real_of(f), p, n, at);
    }
    static int write(sqlite3_file* f, const void* p, int n, sqlite3_int64 at) {
        return refused() ? SQLITE_IOERR_WRITE : real_of(f)->pMethods->xWrite(real_of(f), p, n, at);
    }
    static int truncate(sqlite3_file* f, sqlite3_int64 size) {
        return refused() ? SQLITE_IOERR_TRUNCATE : real_of(f)->pMethods->xTruncate(real_of(f), size);
    }
    static int sync(sqlite3_file* f, int flags) {
        return refused() ? SQLITE_IOERR_FSYNC : real_of(f)->pMethods->xSync(real_of(f), flags);
    }
    static int file_size(sqlite3_file* f, sqlite3_int64* size) {
        return real_of(f)->pMethods->xFileSize(real_of(f), size);
    }
    static int lock(sqlite3_file* f, int level) { return real_of(f)->pMethods->xLock(real_of(f), level); }
    static int unlock(sqlite3_file* f, int level) { return real_of(f)->pMethods->xUnlock(real_of(f), level); }
    static int check_reserved_lock(sqlite3_file* f, int* out) {
        return real_of(f)->pMethods->xCheckReservedLock(real_of(f), out);
    }
    static int file_control(sqlite3_file* f, int op, void* arg) {
        return real_of(f)->pMethods->xFileControl(real_of(f), op, arg);
    }
    static int sector_size(sqlite3_file* f) { return real_of(f)->pMethods->xSectorSize(real_of(f)); }
    static int device_characteristics(sqlite3_file* f) {
        return real_of(f)->pMethods->xDeviceCharacteristics(real_of(f));
    }
    // The WAL index lives in shared memory, not on the disk: it stays writable.
    static int shm_map(sqlite3_file* f, int region, int size, int extend, void volatile** p) {
        return real_of(f)->pMethods->xShmMap(real_of(f), region, size, extend, p);
    }
    static int shm_lock(sqlite3_file* f, int offset, int n, int flags) {
        return real_of(f)->pMethods->xShmLock(real_of(f), offset, n, flags);
    }
    static void shm_barrier(sqlite3_file* f) { real_of(f)->pMethods->xShmBarrier(real_of(f)); }
    static int shm_unmap(sqlite3_file* f, int remove) { return real_of(f)->pMethods->xShmUnmap(real_of(f), remove); }
    // No memory-mapped I/O: every write goes through write() above.
    static int fetch(sqlite3_file*, sqlite3_int64, int, void** p) {
        *p = nullptr;
        return SQLITE_OK;
    }
    static int unfetch(sqlite3_file*, sqlite3_int64, void*) { return SQLITE_OK; }

    static constexpr sqlite3_io_methods methods = {3,
                                                   close,
                                                   read,
                                                   write,
                                                   truncate,
                                                   sync,
                                                   file_size,
                                                   lock,
                                                   unlock,
                                                   check_reserved_lock,
                                                   file_control,
                                                   sector_size,
                                                   device_characteristics,
                                                   shm_map,
                                                   shm_lock,
                                                   shm_barrier,
                                                   shm_unmap,
                                                   fetch,
                                                   unfetch};
};

namespace {

sqlite3_vfs* default_vfs = nullptr;

int open(sqlite3_vfs*, sqlite3_filename name, sqlite3_file* f, int flags, int* out_flags) {
    auto* file = reinterpret_cast<ReadOnlyFile*>(f);
    file->real = reinterpret_cast<sqlite3_file*>(file + 1);
    file->base.pMethods = nullptr;
    int rc = default_vfs->xOpen(default_vfs, name, file->real, flags, out_flags);
    if (file->real->pMethods) file->base.pMethods = &ReadOnlyFile::methods;
    return rc;
}

}  // namespace

ReadOnlyVfs::ReadOnlyVfs() {
    default_vfs = sqlite3_vfs_find(nullptr);
    if (!default_vfs) throw std::runtime_error("no default SQLite VFS");
    vfs_ = *default_vfs;
    vfs_.zName = "read-only-test";
    vfs_.szOsFile = static_cast<int>(sizeof(ReadOnlyFile)) + default_vfs->szOsFile;
    vfs_.xOpen = open;
    read_only_ = false;
    sqlite3_vfs_register(&vfs_, 1);
}

ReadOnlyVfs::~ReadOnlyVfs() {
    sqlite3_vfs_unregister(&vfs_);
    sqlite3_vfs_register(default_vfs, 1);
    read_only_ = false;
}

}  // namespace belote::testing
