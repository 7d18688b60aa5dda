/*
 * The floor of any process between a host and its server, for the tap's benchmark: a C program
 * that starts the server and copies stdin to it and its stdout back, with poll(2) and nothing
 * else (no recording, no allocation, no event loop of a runtime). What this costs over a direct
 * pipe is the extra process in the path itself; scripts/bench/tapRelay.mjs is the same in Node.
 * Built with the machine's C compiler when the benchmark starts; skipped where there is none.
 */
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

static int write_all(int fd, const char *buf, ssize_t n) {
  while (n > 0) {
    ssize_t w = write(fd, buf, (size_t)n);
    if (w < 0) return -1;
    buf += w;
    n -= w;
  }
  return 0;
}

int main(int argc, char **argv) {
  int to_server[2], from_server[2];
  if (argc < 2 || pipe(to_server) != 0 || pipe(from_server) != 0) return 2;
  pid_t pid = fork();
  if (pid == 0) {
    dup2(to_server[0], 0);
    dup2(from_server[1], 1);
    close(to_server[1]);
    close(from_server[0]);
    execvp(argv[1], argv + 1);
    _exit(127);
  }
  close(to_server[0]);
  close(from_server[1]);
  signal(SIGPIPE, SIG_IGN);
  struct pollfd fds[2] = {{0, POLLIN, 0}, {from_server[0], POLLIN, 0}};
  static char buf[65536];
  for (;;) {
    if (poll(fds, 2, -1) < 0) continue;
    if (fds[0].revents) {
      ssize_t n = read(0, buf, sizeof buf);
      if (n <= 0) {
        close(to_server[1]);
        fds[0].fd = -1;
      } else if (write_all(to_server[1], buf, n) != 0) fds[0].fd = -1;
    }
    if (fds[1].revents) {
      ssize_t n = read(from_server[0], buf, sizeof buf);
      if (n <= 0 || write_all(1, buf, n) != 0) break;
    }
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
