"""How the app is served: read by gunicorn from the working directory, so
``scripts/start.sh``, the README's club commands and the systemd unit in
``deploy/`` all serve it alike.

Settings from the environment: ``HOST`` (default 127.0.0.1; 0.0.0.0 lets
phones on the network connect), ``PORT`` (5000), ``WEB_CONCURRENCY`` (worker
processes; by default one per CPU, at least 2), ``THREADS`` (per worker, 4).
"""

import multiprocessing
import os

wsgi_app = "companion:create_app()"
bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '5000')}"
# Pages are short and mostly wait on the database: a few threads per
# process; one process per CPU keeps a PDF (CPU-bound) from holding them all.
workers = int(os.environ.get("WEB_CONCURRENCY") or max(2, multiprocessing.cpu_count()))
threads = int(os.environ.get("THREADS") or 4)
# gthread, except that a thread takes a request only once its head has
# arrived whole, and a head still unfinished 10 s after its first byte is
# answered 408: a client sending its head slowly holds no thread (gthread
# alone gave 8 such clients every thread of 2 x 4: README, "A club's server").
worker_class = "companion.web.gunicorn_worker.WholeHeadWorker"
# No control socket: reloads and stops go by signal (systemctl, kill -HUP).
control_socket_disable = True
accesslog = "-"
errorlog = "-"
# A reload (SIGHUP) or stop (SIGTERM) lets requests in progress finish for
# up to 30 s; a request taking longer than 60 s is stopped.
graceful_timeout = 30
timeout = 60
# Keep-alive connections from phones polling /live every 1.5 s.
keepalive = 5


def post_worker_init(worker):  # type: ignore[no-untyped-def]
    """As each worker starts: the rules index and WeasyPrint, in the
    background (``companion.start_worker``), never at ``flask db upgrade``."""
    from companion import start_worker

    start_worker(worker.wsgi)
