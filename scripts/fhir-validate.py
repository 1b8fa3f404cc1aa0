#!/usr/bin/env python3
"""Validates a FHIR bundle of `soundsafari export --fhir`: fhir.resources' R4B models, then the project's own checks.

Usage: fhir-validate.py BUNDLE.json [docs/FHIR.md]

fhir.resources (PyPI; scripts/fhir-deps.sh installs it into .fhir-venv/) checks every resource's structure, types and
cardinalities. What it does not check, this script does, with docs/FHIR.md as the one list: every code of the
project's code system and every LOINC code is one the document lists, every UCUM unit is one it lists, every
reference names a resource of the bundle, the Patient carries the study ID only. Prints one line per problem and
exits 1, or prints a summary and exits 0.
"""
import json
import pathlib
import re
import sys

CODE_SYSTEM = "https://soundsafari.org/fhir/CodeSystem/soundsafari"
LOINC = "http://loinc.org"
UCUM = "http://unitsofmeasure.org"
# R4's required bindings of the codes the export writes, which fhir.resources types as any code.
REQUIRED = {
    ("Observation", "status"): {"registered", "preliminary", "final", "amended", "corrected", "cancelled",
                                "entered-in-error", "unknown"},
    ("Questionnaire", "status"): {"draft", "active", "retired", "unknown"},
    ("QuestionnaireResponse", "status"): {"in-progress", "completed", "amended", "entered-in-error", "stopped"},
    ("CarePlan", "status"): {"draft", "active", "on-hold", "revoked", "completed", "entered-in-error", "unknown"},
    ("CarePlan", "intent"): {"proposal", "plan", "order", "option"},
    ("Procedure", "status"): {"preparation", "in-progress", "not-done", "on-hold", "stopped", "completed",
                              "entered-in-error", "unknown"},
    ("MedicationStatement", "status"): {"active", "completed", "entered-in-error", "intended", "stopped", "on-hold",
                                        "unknown", "not-taken"},
}
DETAIL_STATUS = {"not-started", "scheduled", "in-progress", "on-hold", "completed", "cancelled", "stopped", "unknown",
                 "entered-in-error"}


def documented(doc: str, heading: str) -> set[str]:
    """The backticked first cells of the tables under `## heading` (up to the next `## `)."""
    match = re.search(r"^## " + re.escape(heading) + r"\s*$(.*?)(?=^## |\Z)", doc, re.M | re.S)
    if not match:
        raise SystemExit(f"docs/FHIR.md has no section '## {heading}'")
    return set(re.findall(r"^\| `([^`]+)` \|", match.group(1), re.M))


def walk(value, path="$"):
    """Every dict in `value` with its path."""
    if isinstance(value, dict):
        yield path, value
        for key, item in value.items():
            yield from walk(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from walk(item, f"{path}[{index}]")


def main() -> int:
    if len(sys.argv) not in (2, 3):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 64
    bundle_path = pathlib.Path(sys.argv[1])
    doc_path = pathlib.Path(sys.argv[2]) if len(sys.argv) == 3 else pathlib.Path(__file__).parent.parent / "docs/FHIR.md"
    doc = doc_path.read_text(encoding="utf-8")
    own_codes = documented(doc, "The code system")
    loinc_codes = documented(doc, "LOINC codes")
    ucum_codes = documented(doc, "UCUM units")
    text = bundle_path.read_text(encoding="utf-8")
    data = json.loads(text)
    problems = []

    from fhir.resources.R4B.bundle import Bundle  # noqa: E402 (the venv's, after the arguments are checked)
    from pydantic import ValidationError

    try:
        Bundle.model_validate_json(text)
    except ValidationError as error:
        for item in error.errors():
            problems.append(f"fhir.resources: {'.'.join(map(str, item['loc']))}: {item['msg']}")

    if data.get("resourceType") != "Bundle" or data.get("type") != "collection":
        problems.append("$: not a Bundle of type collection")
    entries = data.get("entry", [])
    urls = [entry.get("fullUrl") for entry in entries]
    if len(set(urls)) != len(urls):
        problems.append("$.entry: two entries have the same fullUrl")
    for path, node in walk(data):
        system = node.get("system")
        if "code" in node and system == CODE_SYSTEM and node["code"] not in own_codes:
            problems.append(f"{path}: code '{node['code']}' is not in docs/FHIR.md's code system")
        if "code" in node and system == LOINC and node["code"] not in loinc_codes:
            problems.append(f"{path}: LOINC code '{node['code']}' is not in docs/FHIR.md's LOINC list")
        if "value" in node and "unit" in node:
            if system != UCUM:
                problems.append(f"{path}: a quantity without the UCUM system")
            elif node.get("code") not in ucum_codes:
                problems.append(f"{path}: unit code '{node.get('code')}' is not in docs/FHIR.md's UCUM list")
        reference = node.get("reference")
        if isinstance(reference, str) and reference not in urls:
            problems.append(f"{path}: reference '{reference}' names no entry of the bundle")
    resources = [entry.get("resource", {}) for entry in entries]
    for index, resource in enumerate(resources):
        kind = resource.get("resourceType")
        for (bound_kind, field), allowed in REQUIRED.items():
            if kind == bound_kind and resource.get(field) not in allowed:
                problems.append(f"$.entry[{index}].resource.{field}: '{resource.get(field)}' is not an R4 {kind}.{field}")
        for activity in resource.get("activity", []) if kind == "CarePlan" else []:
            status = activity.get("detail", {}).get("status")
            if status not in DETAIL_STATUS:
                problems.append(f"$.entry[{index}].resource.activity.detail.status: '{status}' is not an R4 status")
    patients = [r for r in resources if r.get("resourceType") == "Patient"]
    if len(patients) != 1:
        problems.append(f"$: {len(patients)} Patient resources, not one")
    for patient in patients:
        extra = set(patient) - {"resourceType", "id", "identifier", "active", "meta"}
        if extra:
            problems.append(f"Patient: holds {', '.join(sorted(extra))}; only the pseudonymous study ID belongs there")

    for problem in problems:
        print(problem)
    if problems:
        return 1
    kinds = {}
    for resource in resources:
        kinds[resource.get("resourceType")] = kinds.get(resource.get("resourceType"), 0) + 1
    print(f"valid: {len(resources)} resources (" + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
