"""The playground's gallery with levels on its cards: ``lpsolve serve`` started on a
free local port, then

* the gallery page (``GET /puzzles``): the first request, and the median of
  ``--repeat`` more;
* the page with its pictures, as a browser loads it (every ``<img>``, 6 at a time);
* the levels: how many cards show one on the first page (stored ahead of time,
  lpsolve/web/levels.json); those asked card by card as the page's script asks them
  (``/levels/...``, one after the other): the time until every card has its level or
  none, and how many got one; then the gallery page again, now showing them from the
  cache.

Run it with an older tree first (``PYTHONPATH=OLD python benchmarks/web_gallery.py``)
for the figures before levels: a server without ``/levels`` is measured without them.

    python benchmarks/web_gallery.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import re
import socket
import statistics
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
from web import start_server  # benchmarks/web.py (a script's folder is on its path)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def timed(function) -> tuple[float, object]:
    start = time.perf_counter()
    value = function()
    return time.perf_counter() - start, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    port = free_port()
    server = start_server(port, jobs=2)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=600) as client:
            first, page = timed(lambda: client.get("/puzzles"))
            assert page.status_code == 200
            again = [timed(lambda: client.get("/puzzles"))[0] for _ in range(args.repeat)]
            print(f"gallery page: first {first * 1000:.0f} ms, then median "
                  f"{statistics.median(again) * 1000:.1f} ms")  # fmt: skip
            pictures = re.findall(r'<img src="([^"]+)"', page.text)
            with ThreadPoolExecutor(6) as browser:

                def fetch(url: str) -> bool:
                    try:
                        return httpx.get(client.base_url.join(url), timeout=600).status_code == 200
                    except httpx.HTTPError:  # counted: a browser would show a broken image
                        return False

                loaded, fetched = timed(lambda: list(browser.map(fetch, pictures)))
            failed = fetched.count(False)
            print(f"with its {len(pictures)} pictures: {loaded:.2f} s ({failed} failed)")
            shown = re.findall(r'<span class="level">([^<]+)</span>', page.text)
            print(f"levels on the first page: {len(shown)} cards (stored ahead of time)")
            levels = re.findall(r'data-level="([^"]+)"', page.text)
            if not levels:
                print("no card asks for its level")
                return
            start = time.perf_counter()
            found = [client.get(url).json()["level"] for url in levels]
            took = time.perf_counter() - start
            rated = sum(level is not None for level in found)
            print(f"levels of {len(levels)} cards, one after the other: {took:.1f} s, "
                  f"{rated} rated, {len(levels) - rated} without a level")  # fmt: skip
            cached = [timed(lambda: client.get("/puzzles"))[0] for _ in range(args.repeat)]
            print(f"gallery page with the levels cached: median "
                  f"{statistics.median(cached) * 1000:.1f} ms")  # fmt: skip
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
