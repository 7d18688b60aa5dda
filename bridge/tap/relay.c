/*
 * The tap's relay: the one process in the bytes' path between a host and its server (ADR 11).
 * It starts the server and passes the host's stdin to it and its stdout and stderr back, chunk
 * by chunk, as poll(2) sees them; after each chunk is passed on, a copy of it is queued for the
 * tap (a Node process, its parent), which is sent batches of them as frames on a pipe and records
 * them. A runtime's event loop in
 * the path added a third to every round trip (docs/benchmarks.md, "The tap"); this adds nothing
 * measurable. Built with the machine's C compiler (bridge/tap/nativeRelay.ts); where there is
 * none the tap relays in Node.
 *
 *   tap-relay COPY_FD command [args...]
 *
 * Frames on COPY_FD: type (1 byte), length (4 bytes, little-endian), CLOCK_MONOTONIC time in ns
 * (8 bytes, little-endian), then `length` bytes. Types: 0, 1, 2 a chunk of stdin, stdout,
 * stderr; 'P' the server's pid (decimal); 'F' the server could not start (errno, decimal);
 * 'X' its end ("code N" or "signal N"), the last frame.
 *
 * What it never does: write anything of its own to the host, block one direction on the other,
 * or stop passing bytes when the tap cannot keep up (the copies wait in memory; past COPY_LIMIT
 * the relay reads no more until they drain, as a full pipe would make it wait).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CHUNK 65536
/* A pipe write of at most PIPE_BUF bytes after POLLOUT never blocks: used for the host's fds,
 * which the relay shares with others and so never makes non-blocking. */
#define SAFE_WRITE 4096
#define COPY_LIMIT (64u * 1024u * 1024u)

static pid_t server = -1;

static void pass_signal(int sig) {
  if (server > 0) kill(server, sig);
}

struct buffer {
  char *data;
  size_t start, end, cap;
};

static int append(struct buffer *b, const void *bytes, size_t n) {
  if (b->start > 0 && b->start == b->end) b->start = b->end = 0;
  if (b->end + n > b->cap) {
    if (b->start > 0) {
      memmove(b->data, b->data + b->start, b->end - b->start);
      b->end -= b->start;
      b->start = 0;
    }
    if (b->end + n > b->cap) {
      size_t cap = b->cap ? b->cap : CHUNK;
      while (cap < b->end + n) cap *= 2;
      char *grown = realloc(b->data, cap);
      if (!grown) return -1;
      b->data = grown;
      b->cap = cap;
    }
  }
  memcpy(b->data + b->end, bytes, n);
  b->end += n;
  return 0;
}

static size_t pending(const struct buffer *b) { return b->end - b->start; }

/* The copies for the tap. Once the tap is gone (EPIPE), or memory runs out, copying stops and
 * the bytes keep flowing. They go in batches (COPY_BATCH bytes, or the oldest COPY_WAIT_MS old):
 * a write per chunk woke the tap for each message, and on 2 cores its work then competed with
 * the host's and the server's for every round trip. Each chunk keeps the time it was passed on. */
#define COPY_BATCH 65536u
#define COPY_WAIT_MS 5
static int copy_fd = -1;
static struct buffer copies;
static long long copies_since = -1;

static long long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void stop_copying(void) {
  close(copy_fd);
  copy_fd = -1;
  free(copies.data);
  memset(&copies, 0, sizeof copies);
  copies_since = -1;
}

/* A batch is due: big enough, or its oldest copy has waited long enough. */
static int copies_due(void) {
  return copy_fd >= 0 && pending(&copies) > 0 && (pending(&copies) >= COPY_BATCH || now_ms() - copies_since >= COPY_WAIT_MS);
}

static void put_le(unsigned char *p, uint64_t v, int n) {
  for (int i = 0; i < n; i++) p[i] = (unsigned char)(v >> (8 * i));
}

static void copy_frame(unsigned char type, const void *bytes, size_t n) {
  if (copy_fd < 0) return;
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  unsigned char head[13];
  head[0] = type;
  put_le(head + 1, (uint64_t)n, 4);
  put_le(head + 5, (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec, 8);
  if (pending(&copies) == 0) copies_since = now_ms();
  if (append(&copies, head, sizeof head) != 0 || append(&copies, bytes, n) != 0) stop_copying();
}

static void flush_copies(void) {
  while (copy_fd >= 0 && pending(&copies) > 0) {
    ssize_t w = write(copy_fd, copies.data + copies.start, pending(&copies));
    if (w > 0) {
      copies.start += (size_t)w;
    } else if (w < 0 && errno == EINTR) {
      continue;
    } else if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      return;
    } else {
      stop_copying();
    }
  }
  if (pending(&copies) == 0) copies_since = -1;
}

/* One direction: `in` is read into `held` only when `held` is empty, so a slow reader on one
 * side makes that side wait, as a pipe would, and never the other. */
struct direction {
  int in, out;
  unsigned char type;
  int own_out; /* `out` is the relay's own pipe (non-blocking), not a descriptor of the host's */
  int in_open, out_open;
  struct buffer held;
};

static void close_in(struct direction *d) {
  if (d->in_open) close(d->in);
  d->in_open = 0;
}

/* Writes what is held, as much as `out` takes now: the relay's own pipe is non-blocking; a
 * descriptor of the host's gets a piece of at most PIPE_BUF each time a poll says it has room. */
static void drain(struct direction *d) {
  while (pending(&d->held) > 0) {
    size_t n = pending(&d->held);
    if (!d->own_out) {
      struct pollfd room = {d->out, POLLOUT, 0};
      /* No room: the main loop waits for it. An error (the reader gone) lets the write say which. */
      if (poll(&room, 1, 0) <= 0) return;
      if (n > SAFE_WRITE) n = SAFE_WRITE;
    }
    ssize_t w = write(d->out, d->held.data + d->held.start, n);
    if (w > 0) {
      d->held.start += (size_t)w;
    } else if (w < 0 && errno == EINTR) {
      continue;
    } else if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      return;
    } else {
      /* The reader is gone: the writer on the other side meets a closed pipe, as without us. */
      d->held.start = d->held.end = 0;
      d->out_open = 0;
      close_in(d);
      return;
    }
  }
}

static void set_nonblocking(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

static void set_cloexec(int fd) { fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC); }

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: tap-relay COPY_FD command [args...]\n");
    return 2;
  }
  copy_fd = atoi(argv[1]);
  int to_server[2], from_out[2], from_err[2], failed[2];
  if (pipe(to_server) || pipe(from_out) || pipe(from_err) || pipe(failed)) return 2;
  set_cloexec(failed[1]);
  server = fork();
  if (server < 0) return 2;
  if (server == 0) {
    dup2(to_server[0], 0);
    dup2(from_out[1], 1);
    dup2(from_err[1], 2);
    close(to_server[0]), close(to_server[1]), close(from_out[0]), close(from_out[1]);
    close(from_err[0]), close(from_err[1]), close(failed[0]), close(copy_fd);
    /* The server starts as the host would start it: default dispositions, nothing blocked. */
    signal(SIGPIPE, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    execvp(argv[2], argv + 2);
    int error = errno;
    ssize_t ignored = write(failed[1], &error, sizeof error);
    (void)ignored;
    _exit(127);
  }
  close(to_server[0]), close(from_out[1]), close(from_err[1]), close(failed[1]);
  set_cloexec(copy_fd);
  set_nonblocking(copy_fd);
  signal(SIGPIPE, SIG_IGN);
  struct sigaction passing;
  memset(&passing, 0, sizeof passing);
  passing.sa_handler = pass_signal;
  passing.sa_flags = SA_RESTART;
  int passed[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2};
  for (size_t i = 0; i < sizeof passed / sizeof passed[0]; i++) sigaction(passed[i], &passing, NULL);

  int error = 0;
  ssize_t got = read(failed[0], &error, sizeof error);
  close(failed[0]);
  if (got == (ssize_t)sizeof error) {
    char text[16];
    int n = snprintf(text, sizeof text, "%d", error);
    copy_frame('F', text, (size_t)n);
    int status;
    waitpid(server, &status, 0);
    while (copy_fd >= 0 && pending(&copies) > 0) {
      struct pollfd p = {copy_fd, POLLOUT, 0};
      poll(&p, 1, -1);
      flush_copies();
    }
    return 127;
  }
  {
    char text[24];
    int n = snprintf(text, sizeof text, "%ld", (long)server);
    copy_frame('P', text, (size_t)n);
  }

  set_nonblocking(to_server[1]);
  set_nonblocking(from_out[0]);
  set_nonblocking(from_err[0]);
  struct direction dirs[3] = {
      {0, to_server[1], 0, 1, 1, 1, {0}},
      {from_out[0], 1, 1, 0, 1, 1, {0}},
      {from_err[0], 2, 2, 0, 1, 1, {0}},
  };
  static char chunk[CHUNK];
  for (;;) {
    struct pollfd fds[7];
    int owner[7];
    int nfds = 0;
    int reading = pending(&copies) < COPY_LIMIT;
    for (int i = 0; i < 3; i++) {
      struct direction *d = &dirs[i];
      if (pending(&d->held) > 0 && d->out_open) {
        fds[nfds] = (struct pollfd){d->out, POLLOUT, 0};
        owner[nfds++] = i;
      } else if (d->in_open && reading) {
        fds[nfds] = (struct pollfd){d->in, POLLIN, 0};
        owner[nfds++] = i;
      }
    }
    int timeout = -1;
    if (copies_due()) {
      fds[nfds] = (struct pollfd){copy_fd, POLLOUT, 0};
      owner[nfds++] = -1;
    } else if (copy_fd >= 0 && pending(&copies) > 0) {
      long long left = COPY_WAIT_MS - (now_ms() - copies_since);
      timeout = left > 0 ? (int)left : 0;
    }
    /* The server's output is all passed on once both its pipes are closed and drained. */
    if (!dirs[1].in_open && !dirs[2].in_open && pending(&dirs[1].held) == 0 && pending(&dirs[2].held) == 0) break;
    if (nfds == 0 && timeout < 0) break;
    if (poll(fds, (nfds_t)nfds, timeout) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int k = 0; k < nfds; k++) {
      if (!fds[k].revents) continue;
      if (owner[k] < 0) {
        flush_copies();
        continue;
      }
      struct direction *d = &dirs[owner[k]];
      if (fds[k].events == POLLOUT) {
        drain(d);
      } else {
        ssize_t n = read(d->in, chunk, sizeof chunk);
        if (n > 0) {
          /* Passed on first (as far as the reader takes it now), copied after. */
          if (d->out_open) {
            append(&d->held, chunk, (size_t)n);
            drain(d);
          }
          copy_frame(d->type, chunk, (size_t)n);
        } else if (n == 0 || (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)) {
          close_in(d);
        }
      }
      /* The host's stdin ended and all of it reached the server: the server sees the end too. */
      struct direction *in = &dirs[0];
      if (!in->in_open && in->out_open && pending(&in->held) == 0) {
        close(in->out);
        in->out_open = 0;
      }
    }
    if (copies_due()) flush_copies();
  }

  int status = 0;
  while (waitpid(server, &status, 0) < 0 && errno == EINTR) {
  }
  char text[24];
  int n = WIFSIGNALED(status) ? snprintf(text, sizeof text, "signal %d", WTERMSIG(status))
                              : snprintf(text, sizeof text, "code %d", WIFEXITED(status) ? WEXITSTATUS(status) : 1);
  copy_frame('X', text, (size_t)n);
  while (copy_fd >= 0 && pending(&copies) > 0) {
    struct pollfd p = {copy_fd, POLLOUT, 0};
    if (poll(&p, 1, -1) < 0 && errno != EINTR) break;
    flush_copies();
  }
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : (WIFEXITED(status) ? WEXITSTATUS(status) : 1);
}
