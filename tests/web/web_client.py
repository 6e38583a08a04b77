"""One browser's session of `brade serve` over plain HTTP, for the web
tests (test_browser.py, test_mistakes.py): its own cookies, the API's calls
and the jobs of long ones."""
import json
import time
import urllib.error
import urllib.request
from http import cookiejar


class Learner:
    """One browser's session over plain HTTP: its own cookies."""

    def __init__(self, url):
        self.base = url.split("/?")[0]
        jar = cookiejar.CookieJar()
        self.op = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        self.op.open(url, timeout=10).read()

    def api(self, route, body=None, get=False):
        """One call: (status, answer)."""
        data = None if get else json.dumps(body or {}).encode()
        req = urllib.request.Request(self.base + "/api/" + route, data=data,
                                     headers={"Content-Type": "application/json"})
        try:
            with self.op.open(req, timeout=60) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())

    def wait_job(self, limit=120):
        """The session's job's answer, once it has one."""
        t0 = time.time()
        while time.time() - t0 < limit:
            code, j = self.api("job", get=True)
            if not j.get("running"):
                return code, j
            time.sleep(0.05)
        raise AssertionError("the job did not end")

    def call(self, route, body=None, limit=600):
        """A call, waiting for its job when it is long (202)."""
        code, j = self.api(route, body)
        return self.wait_job(limit) if code == 202 else (code, j)
