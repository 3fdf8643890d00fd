"""What a caller program saw of one call: the operationId, then the status the client received,
or the error it raised. The languages tier compares these lines."""

from typing import Callable, Protocol


class HasStatus(Protocol):
    @property
    def status_code(self) -> int: ...


def report(operation_id: str, call: Callable[[], HasStatus]) -> None:
    try:
        print(operation_id, int(call().status_code))
    except Exception as error:  # noqa: BLE001 - every failure is a result to report
        print(operation_id, "error", type(error).__name__, str(error).splitlines()[0] if str(error) else "")
