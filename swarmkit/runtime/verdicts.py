"""Reading structured replies (verdicts, extracted facts, reconcile decisions) out of model text."""

from __future__ import annotations

import json
import re

from swarmkit.memory import KINDS

VERDICTS = ("pass", "fail", "needs-revision")


def json_object(text: str) -> dict | None:
    """The JSON object in a reply, from its first `{` to its last `}` (models wrap JSON in prose or
    code fences). str.find, not a `{.*}` regex: that one is quadratic on a reply of many `{`."""
    text = text or ""
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end < start:
        return None
    try:
        value = json.loads(text[start : end + 1])
    except (ValueError, RecursionError):  # RecursionError: nesting deeper than the parser goes
        return None
    return value if isinstance(value, dict) else None


def parse_verdict(text: str) -> tuple[str, str]:
    """(verdict, reason); verdict "error" when the reply says none of pass/fail/needs-revision."""
    data = json_object(text)
    if data is not None and str(data.get("verdict", "")).lower() in VERDICTS:
        return str(data["verdict"]).lower(), str(data.get("reason") or data.get("reasoning") or "")
    words = re.findall(r"needs-revision|pass|fail", (text or "").lower())
    if len(set(words)) == 1:
        return words[0], (text or "").strip()[:200]
    return "error", f"the reply gave no verdict: {(text or '').strip()[:120]!r}"


def parse_facts(text: str) -> list[dict]:
    """Facts from an extraction reply: [{text, kind, subject}]; an unknown kind or a subject that is
    not a non-empty string becomes None."""
    data = json_object(text)
    facts = data.get("facts") if data else None
    return facts_of(facts if isinstance(facts, list) else [])


def facts_of(facts: list) -> list[dict]:
    """The well-formed facts of a reply's `facts` list (see parse_facts); others are left out."""
    out = []
    for fact in facts:
        if isinstance(fact, dict) and isinstance(fact.get("text"), str) and fact["text"].strip():
            kind = fact.get("kind") if fact.get("kind") in KINDS else None
            subject = fact.get("subject")
            subject = subject.strip() if isinstance(subject, str) and subject.strip() else None
            out.append({"text": fact["text"].strip(), "kind": kind, "subject": subject})
        elif isinstance(fact, str) and fact.strip():
            out.append({"text": fact.strip(), "kind": None, "subject": None})
    return out


def parse_reconcile(text: str) -> dict | None:
    data = json_object(text)
    if not data or str(data.get("op")) not in ("update", "refine", "contradict"):
        return None
    try:
        confidence = float(data.get("confidence", 0))
    except (TypeError, ValueError):
        confidence = 0.0
    return {
        "verdict": str(data.get("verdict", "pass")),
        "op": str(data["op"]),
        "merged_value": str(data.get("merged_value") or ""),
        "confidence": min(max(confidence, 0.0), 1.0),
        "reasoning": str(data.get("reasoning") or ""),
    }
