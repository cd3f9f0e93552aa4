"""Any OpenAI-compatible chat-completions endpoint: OpenAI, Ollama, vLLM, llama.cpp server.

Base URL and key come from flags or the environment (SWARMKIT_OPENAI_BASE_URL / OPENAI_BASE_URL,
SWARMKIT_OPENAI_API_KEY / OPENAI_API_KEY). 429 and 5xx answers and dropped connections are retried
with exponential backoff, a refused connection once (a server restarting), a timeout never (it
already waited the timeout); anything else fails at once with a message saying what to check.
Each retry is logged (`swarmkit -v` shows it) and the final error says how often it tried.
A call may bring its own timeout and retries (the memory-writer's) and ask for structured output
(`_structured`); a refusal for a prompt over the model's context carries what it names (refusals.py).
"""

from __future__ import annotations

import json
import logging
import os
import time
from dataclasses import replace

from swarmkit.runtime.providers.base import ChatReply, ChatRequest, ProviderError, ToolCall
from swarmkit.runtime.providers.refusals import overflow, refuses_format
from swarmkit.urls import without_credentials

DEFAULT_BASE_URL = "https://api.openai.com/v1"
DEFAULT_TIMEOUT = 60.0
DEFAULT_RETRIES = 3
DEFAULT_BACKOFF = 0.5  # seconds before the first retry; each retry waits twice as long
RETRY_STATUS = {408, 409, 425, 429, 500, 502, 503, 504}
REFUSED_RETRIES = 1  # nothing listening: one retry for a server that is restarting, then give up
# The ways of asking for structured output, strongest first; None: the prompt alone asks.
STRUCTURED = ("json_schema", "json_object+schema", "json_object", None)

_log = logging.getLogger(__name__)


def _env(*names: str) -> str | None:
    for name in names:
        value = os.environ.get(name)
        if value:
            return value
    return None


class OpenAIProvider:
    name = "openai"

    def __init__(
        self,
        base_url: str,
        api_key: str | None,
        timeout: float = DEFAULT_TIMEOUT,
        retries: int = DEFAULT_RETRIES,
        backoff: float = DEFAULT_BACKOFF,
    ) -> None:
        import httpx

        self.base_url = base_url.rstrip("/")
        self.shown_url = (
            without_credentials(self.base_url) or self.base_url
        )  # what messages and run records may say
        self.retries = retries
        self.backoff = backoff
        self._without_tools: set[str] = set()  # models the endpoint said cannot call tools
        self._structured_from: dict[str, int] = {}  # model → the first way of STRUCTURED still tried
        headers = {"Content-Type": "application/json"}
        if api_key:
            headers["Authorization"] = f"Bearer {api_key}"
        self._client = httpx.Client(
            timeout=httpx.Timeout(timeout, connect=min(timeout, 10.0)), headers=headers
        )

    @classmethod
    def from_settings(cls, base_url=None, api_key=None, timeout=None, retries=None) -> OpenAIProvider:
        base = base_url or _env("SWARMKIT_OPENAI_BASE_URL", "OPENAI_BASE_URL") or DEFAULT_BASE_URL
        if not base.startswith(("http://", "https://")):
            raise ProviderError(
                f'the base URL "{without_credentials(base)}" is not an http(s) URL',
                "pass --base-url http://HOST:PORT/v1 (the path that ends before /chat/completions)",
            )
        key = api_key or _env("SWARMKIT_OPENAI_API_KEY", "OPENAI_API_KEY")
        if timeout is None:
            text = _env("SWARMKIT_OPENAI_TIMEOUT") or str(DEFAULT_TIMEOUT)
            try:
                timeout = float(text)
            except ValueError:
                timeout = -1.0
            if not timeout > 0:
                raise ProviderError(
                    f'SWARMKIT_OPENAI_TIMEOUT is "{text}", not a number of seconds above 0',
                    "set it to a number such as 60, or pass --timeout",
                )
        return cls(
            base,
            key,
            timeout=timeout,
            retries=DEFAULT_RETRIES if retries is None else retries,
            backoff=_seconds(
                "SWARMKIT_OPENAI_BACKOFF", DEFAULT_BACKOFF, "the wait before the first retry", 0.0
            ),
        )

    def complete(self, request: ChatRequest) -> ChatReply:
        from swarmkit.surrogates import valid_unicode

        # input that was not UTF-8 reaches the endpoint as U+FFFD: JSON cannot carry it otherwise
        body: dict = {"model": request.model, "messages": valid_unicode(request.messages)}
        if request.tools and request.model not in self._without_tools:
            body["tools"] = valid_unicode(request.tools)
        if request.temperature is not None:
            body["temperature"] = request.temperature
        if request.max_tokens is not None:
            body["max_tokens"] = request.max_tokens
        if request.reply_schema is not None:
            return self._structured(body, request)
        return self._complete(body, request)

    def _complete(self, body: dict, request: ChatRequest) -> ChatReply:
        try:
            return _parse(self._post(body, request.timeout, request.retries), self.shown_url)
        except ProviderError as error:
            # A model that cannot call tools (Ollama: "does not support tools") is asked again
            # without them, and from then on: every agent is offered memory_search, so a run on
            # such a model would otherwise fail at its first answer.
            if "tools" not in body or error.status != 400 or "tool" not in error.message.lower():
                raise
            self._without_tools.add(request.model)
            del body["tools"]
            return _parse(self._post(body, request.timeout, request.retries), self.shown_url)

    def _structured(self, body: dict, request: ChatRequest) -> ChatReply:
        """Ask for a reply of the request's schema in the strongest way the endpoint takes: a JSON
        schema (OpenAI, vLLM, LM Studio, llama.cpp's server; Ollama's /v1 turns it into its own
        `format`), else JSON mode with the schema beside it (llama-cpp-python's server, which turns
        it into a grammar), else plain JSON mode, else the prompt alone. A refused way is not asked
        again of that model while this provider lives (a chat's turns)."""
        assert request.reply_schema is not None
        first = self._structured_from.get(request.model, 0)
        for level in range(first, len(STRUCTURED)):
            way = STRUCTURED[level]
            asked = dict(body)
            if way is not None:
                asked["response_format"] = _response_format(way, request.reply_schema)
            try:
                reply = self._complete(asked, request)
            except ProviderError as error:
                if way is None or error.status not in (400, 422, 500) or error.overflow is not None:
                    raise
                if not refuses_format(error.message):
                    raise
                _log.info("openai: %s refused response_format %s; asking another way", request.model, way)
                self._structured_from[request.model] = level + 1
                continue
            return replace(reply, structured=way.split("+")[0] if way else None)
        raise AssertionError("unreachable")  # the last way (the prompt alone) returns or raises

    def _post(self, body: dict, timeout: float | None = None, retries: int | None = None) -> dict:
        import httpx

        url = f"{self.base_url}/chat/completions"
        shown = f"{self.shown_url}/chat/completions"
        retries = self.retries if retries is None else retries
        # one call's own timeout (the memory-writer's), else the client's
        limit = (
            self._client.timeout if timeout is None else httpx.Timeout(timeout, connect=min(timeout, 10.0))
        )
        waits: list[float] = []
        for attempt in range(retries + 1):
            retry_after = None
            allowed = retries
            response = None
            timed_out = False
            try:
                response = self._client.post(url, json=body, timeout=limit)
            except httpx.TimeoutException:
                problem, hint = f"{shown} did not answer in time", "check the server, or raise the timeout"
                allowed = 0  # it already waited the whole timeout: waiting again multiplies it
                timed_out = True
            except httpx.ConnectError as exc:
                problem = f"cannot reach {shown}: {exc.__class__.__name__}: {exc}"
                hint = "check that the server runs and that --base-url (or OPENAI_BASE_URL) is right"
                allowed = min(retries, REFUSED_RETRIES)
            except httpx.HTTPError as exc:  # a dropped connection, a broken answer
                problem = f"cannot reach {shown}: {exc.__class__.__name__}: {exc}"
                hint = "check that the server runs and that --base-url (or OPENAI_BASE_URL) is right"
            else:
                if response.status_code < 400:
                    try:
                        return response.json()
                    except (ValueError, RecursionError):  # not JSON, or nested deeper than the parser goes
                        raise ProviderError(
                            f"{shown} answered HTTP {response.status_code} with something that is not JSON: "
                            f"{response.text[:120]!r}",
                            "check that the base URL points at an OpenAI-compatible API (usually ending in /v1)",
                        ) from None
                problem = f"{shown} answered HTTP {response.status_code}: {_error_text(response)}"
                hint = _hint_for(response.status_code)
                # llama-cpp-python's server refuses a response_format it does not take with a 500:
                # asking again cannot change its mind
                refused = "response_format" in body and refuses_format(response.text[:2000])
                if response.status_code not in RETRY_STATUS or refused:
                    error = ProviderError(problem, hint)
                    error.status = response.status_code
                    if 400 <= response.status_code < 500:
                        error.overflow = overflow(response.text[:2000])
                        if error.overflow is not None:
                            error.hint = "the prompt and the reply do not fit the model's context; " + (
                                "shorten the input, or serve the model with a larger context"
                            )
                    raise error
                retry_after = _retry_after(response)
            if attempt >= allowed:
                error = ProviderError(problem + _tried(attempt + 1, waits), hint)
                error.status = None if response is None else response.status_code
                error.timed_out = timed_out
                raise error
            delay = self.backoff * (2**attempt)
            if retry_after is not None:
                delay = min(max(delay, retry_after), 30.0)  # honour the server, within reason
            _log.info("openai: %s; retry %d of %d in %g s", problem, attempt + 1, allowed, delay)
            waits.append(delay)
            time.sleep(delay)
        raise AssertionError("unreachable")


def _response_format(way: str, reply_schema: dict) -> dict:
    if way == "json_schema":
        return {
            "type": "json_schema",
            "json_schema": {"name": reply_schema["name"], "schema": reply_schema["schema"], "strict": True},
        }
    if way == "json_object+schema":
        return {"type": "json_object", "schema": reply_schema["schema"]}
    return {"type": "json_object"}


def _tried(attempts: int, waits: list[float]) -> str:
    """How hard it tried, for the final error: " (3 attempts, 0.5 s and 1 s apart)"."""
    if attempts == 1:
        return ""
    shown = [f"{wait:g} s" for wait in waits]
    apart = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
    return f" ({attempts} attempts, {apart} apart)"


def _seconds(name: str, default: float, what: str, least: float) -> float:
    """A number of seconds from the environment variable `name` (default when unset)."""
    text = _env(name)
    if text is None:
        return default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= least:
        raise ProviderError(
            f'{name} is "{text}", not a number of seconds ({what})', f"set it to a number such as {default:g}"
        )
    return value


def _retry_after(response) -> float | None:
    try:
        return float(response.headers.get("retry-after", ""))
    except ValueError:
        return None


def _error_text(response) -> str:
    try:
        data = response.json()
        message = (
            data.get("error", {}).get("message") if isinstance(data.get("error"), dict) else data.get("error")
        )
        return str(message or data)[:200]
    except (ValueError, RecursionError, AttributeError):
        return response.text[:200] or response.reason_phrase


def _hint_for(status: int) -> str:
    if status in (401, 403):
        return "check the API key (--api-key or OPENAI_API_KEY)"
    if status == 404:
        return "check the base URL (it usually ends in /v1) and the model name in model.name"
    if status == 429:
        return "the endpoint is rate-limiting; wait and retry, or lower the load"
    return "the endpoint failed; check its logs"


def _parse(data, base_url: str) -> ChatReply:
    try:
        message = data["choices"][0]["message"]
        content = message.get("content") or ""
        calls = []
        for n, call in enumerate(message.get("tool_calls") or []):
            function = call["function"]
            arguments = function.get("arguments") or "{}"
            parsed = json.loads(arguments) if isinstance(arguments, str) else dict(arguments)
            if not isinstance(parsed, dict):
                raise ValueError("tool arguments are not an object")
            calls.append(
                ToolCall(id=str(call.get("id") or f"call-{n}"), name=str(function["name"]), arguments=parsed)
            )
        if not isinstance(content, str):
            raise ValueError("content is not a string")
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, RecursionError) as exc:
        raise ProviderError(
            f"{base_url} answered with JSON that is not a chat completion ({exc.__class__.__name__}: {exc})",
            "check that the endpoint is OpenAI-compatible (POST /chat/completions)",
        ) from None
    return ChatReply(content=content, tool_calls=tuple(calls), usage=_usage(data))


USAGE_KEYS = ("prompt_tokens", "completion_tokens", "total_tokens")


def _usage(data) -> dict[str, int] | None:
    """The token counts an endpoint reported (`usage`), the three OpenAI names only; None if none."""
    usage = data.get("usage") if isinstance(data, dict) else None
    if not isinstance(usage, dict):
        return None
    counts = {
        key: usage[key]
        for key in USAGE_KEYS
        if isinstance(usage.get(key), int) and not isinstance(usage[key], bool)
    }
    return counts or None
