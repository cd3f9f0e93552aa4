"""Every agent is offered memory_search, so a model that cannot call tools must still answer."""

from __future__ import annotations


def test_a_model_that_cannot_call_tools_is_asked_again_without_them(init_ws):
    """Ollama answers 400 "does not support tools" for such a model: the run goes on without tools."""
    from swarmkit.resolver import resolve
    from swarmkit.runtime.engine import Run
    from swarmkit.runtime.providers.openai import OpenAIProvider
    from tests.runtime.test_openai_provider import FakeEndpoint

    endpoint = FakeEndpoint()

    def answer(request):
        return FakeEndpoint.answer(request)

    refusal = (400, {"error": {"message": "registry.ollama.ai/library/gemma:2b does not support tools"}})
    endpoint.queue.append(refusal)
    endpoint.answer = answer  # type: ignore[method-assign]
    root = init_ws()
    try:
        ws = resolve(root).workspace
        record = (
            Run(ws, ws.topology(), OpenAIProvider(endpoint.url, None, timeout=10)).execute("hello").to_json()
        )
    finally:
        endpoint.close()
    assert record["status"] == "ok", record["error"]
    assert "tools" in endpoint.requests[0] and all("tools" not in r for r in endpoint.requests[1:])
    assert len(endpoint.requests) == len(record["model_calls"]) + 1
