/*
 * A power loss, simulated for the files a test names (issue 27): loaded with LD_PRELOAD into
 * a server process, it lets every write through to the real file — the process sees nothing
 * different — and keeps beside each named file a copy, `<file>.durable`, that holds only what
 * an fsync or fdatasync has made durable. Writes and truncations since the file's last sync
 * wait in memory and reach the copy at the next sync; when the process is killed, the copies
 * are what a disk would hold after the power went out at that instant with every unsynced
 * page lost (the worst case a kernel allows).
 *
 * UNSYNCED_FILES: the absolute paths to watch, separated by ':' (e.g. a database and its
 * -wal). A file already there when first opened counts as durable as it stands.
 *
 * Why C: the cut must sit below SQLite, between its writes and the kernel, in the process
 * that writes; no npm package does that, and a FUSE filesystem needs privileges CI has not.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#define MAX_FD 65536
#define MAX_FILES 16

typedef struct pending {
  int truncate;
  off_t offset;
  size_t length;
  char *data;
  struct pending *next;
} pending;

typedef struct watched {
  char path[4096];
  int durable;
  pending *head, *tail;
} watched;

static watched files[MAX_FILES];
static int file_count;
static watched *by_fd[MAX_FD];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static int (*real_open)(const char *, int, ...);
static int (*real_open64)(const char *, int, ...);
static int (*real_close)(int);
static ssize_t (*real_write)(int, const void *, size_t);
static ssize_t (*real_pwrite)(int, const void *, size_t, off_t);
static ssize_t (*real_pwrite64)(int, const void *, size_t, off_t);
static int (*real_ftruncate)(int, off_t);
static int (*real_ftruncate64)(int, off_t);
static int (*real_fsync)(int);
static int (*real_fdatasync)(int);

static void resolve(void) {
  if (real_open) return;
  real_open = dlsym(RTLD_NEXT, "open");
  real_open64 = dlsym(RTLD_NEXT, "open64");
  real_close = dlsym(RTLD_NEXT, "close");
  real_write = dlsym(RTLD_NEXT, "write");
  real_pwrite = dlsym(RTLD_NEXT, "pwrite");
  real_pwrite64 = dlsym(RTLD_NEXT, "pwrite64");
  real_ftruncate = dlsym(RTLD_NEXT, "ftruncate");
  real_ftruncate64 = dlsym(RTLD_NEXT, "ftruncate64");
  real_fsync = dlsym(RTLD_NEXT, "fsync");
  real_fdatasync = dlsym(RTLD_NEXT, "fdatasync");
}

/* Whether `path` is one of UNSYNCED_FILES. */
static int is_named(const char *path) {
  const char *list = getenv("UNSYNCED_FILES");
  size_t length = strlen(path);
  while (list && *list) {
    const char *end = strchr(list, ':');
    size_t n = end ? (size_t)(end - list) : strlen(list);
    if (n == length && strncmp(list, path, n) == 0) return 1;
    list = end ? end + 1 : NULL;
  }
  return 0;
}

/* The durable copy starts as the file stands when first opened. */
static void copy_current(int fd, int durable) {
  char buffer[65536];
  off_t offset = 0;
  ssize_t n;
  while ((n = pread(fd, buffer, sizeof buffer, offset)) > 0) {
    real_pwrite(durable, buffer, (size_t)n, offset);
    offset += n;
  }
}

static void track(int fd, const char *path) {
  if (fd < 0 || fd >= MAX_FD || path[0] != '/' || !is_named(path)) return;
  pthread_mutex_lock(&lock);
  watched *file = NULL;
  for (int i = 0; i < file_count; i++)
    if (strcmp(files[i].path, path) == 0) file = &files[i];
  if (!file && file_count < MAX_FILES) {
    file = &files[file_count++];
    strncpy(file->path, path, sizeof file->path - 1);
    char copy[4200];
    snprintf(copy, sizeof copy, "%s.durable", path);
    file->durable = real_open(copy, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    copy_current(fd, file->durable);
  }
  by_fd[fd] = file;
  pthread_mutex_unlock(&lock);
}

static void remember(int fd, int truncate, const void *data, size_t length, off_t offset) {
  if (fd < 0 || fd >= MAX_FD) return;
  pthread_mutex_lock(&lock);
  watched *file = by_fd[fd];
  if (file) {
    pending *p = calloc(1, sizeof *p);
    p->truncate = truncate;
    p->offset = offset;
    p->length = length;
    if (!truncate) {
      p->data = malloc(length);
      memcpy(p->data, data, length);
    }
    if (file->tail) file->tail->next = p;
    else file->head = p;
    file->tail = p;
  }
  pthread_mutex_unlock(&lock);
}

/* A sync makes every write to the file so far durable, whichever descriptor wrote it. */
static void make_durable(int fd) {
  if (fd < 0 || fd >= MAX_FD) return;
  pthread_mutex_lock(&lock);
  watched *file = by_fd[fd];
  if (file) {
    pending *p = file->head;
    while (p) {
      if (p->truncate) real_ftruncate(file->durable, p->offset);
      else real_pwrite(file->durable, p->data, p->length, p->offset);
      pending *next = p->next;
      free(p->data);
      free(p);
      p = next;
    }
    file->head = file->tail = NULL;
  }
  pthread_mutex_unlock(&lock);
}

/* open and open64 alike: the real call with the mode O_CREAT or O_TMPFILE passes, then tracking. */
static int open_with(int (*real)(const char *, int, ...), const char *path, int flags,
                     va_list args) {
  mode_t mode = (flags & (O_CREAT | O_TMPFILE)) ? va_arg(args, mode_t) : 0;
  int fd = real(path, flags, mode);
  if (fd >= 0) track(fd, path);
  return fd;
}

int open(const char *path, int flags, ...) {
  resolve();
  va_list args;
  va_start(args, flags);
  int fd = open_with(real_open, path, flags, args);
  va_end(args);
  return fd;
}

int open64(const char *path, int flags, ...) {
  resolve();
  va_list args;
  va_start(args, flags);
  int fd = open_with(real_open64, path, flags, args);
  va_end(args);
  return fd;
}

int close(int fd) {
  resolve();
  /* Closing syncs nothing: the unsynced writes stay pending on the file, as dirty pages do. */
  if (fd >= 0 && fd < MAX_FD) {
    pthread_mutex_lock(&lock);
    by_fd[fd] = NULL;
    pthread_mutex_unlock(&lock);
  }
  return real_close(fd);
}

ssize_t write(int fd, const void *data, size_t length) {
  resolve();
  off_t offset = (fd >= 0 && fd < MAX_FD && by_fd[fd]) ? lseek(fd, 0, SEEK_CUR) : 0;
  ssize_t n = real_write(fd, data, length);
  if (n > 0) remember(fd, 0, data, (size_t)n, offset);
  return n;
}

ssize_t pwrite(int fd, const void *data, size_t length, off_t offset) {
  resolve();
  ssize_t n = real_pwrite(fd, data, length, offset);
  if (n > 0) remember(fd, 0, data, (size_t)n, offset);
  return n;
}

ssize_t pwrite64(int fd, const void *data, size_t length, off_t offset) {
  resolve();
  ssize_t n = real_pwrite64(fd, data, length, offset);
  if (n > 0) remember(fd, 0, data, (size_t)n, offset);
  return n;
}

int ftruncate(int fd, off_t length) {
  resolve();
  int result = real_ftruncate(fd, length);
  if (result == 0) remember(fd, 1, NULL, 0, length);
  return result;
}

int ftruncate64(int fd, off_t length) {
  resolve();
  int result = real_ftruncate64(fd, length);
  if (result == 0) remember(fd, 1, NULL, 0, length);
  return result;
}

int fsync(int fd) {
  resolve();
  int result = real_fsync(fd);
  if (result == 0) make_durable(fd);
  return result;
}

int fdatasync(int fd) {
  resolve();
  int result = real_fdatasync(fd);
  if (result == 0) make_durable(fd);
  return result;
}
