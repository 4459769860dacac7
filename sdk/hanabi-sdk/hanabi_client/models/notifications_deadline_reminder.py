from typing import Literal

NotificationsDeadlineReminder = Literal["immediately", "off"]

NOTIFICATIONS_DEADLINE_REMINDER_VALUES: set[NotificationsDeadlineReminder] = {
    "immediately",
    "off",
}


def check_notifications_deadline_reminder(value: str) -> NotificationsDeadlineReminder:
    if value in NOTIFICATIONS_DEADLINE_REMINDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {NOTIFICATIONS_DEADLINE_REMINDER_VALUES!r}")
