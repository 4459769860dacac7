"""Liveness (the process answers) and readiness (the database answers)."""

import marshmallow as ma
from flask.views import MethodView
from marshmallow import fields

from .context import pool
from .docs import problems
from .errors import RETRY_AFTER_SECONDS, Problem
from .inputs import Blueprint

blp = Blueprint("health", __name__, url_prefix="/v1", description="Health checks")

READY_TIMEOUT_SECONDS = 2.0


class StatusSchema(ma.Schema):
    status = fields.String(required=True)


@blp.route("/health")
class Health(MethodView):
    @blp.doc(operationId="health", security=[])
    @blp.response(200, StatusSchema)
    def get(self):
        """Liveness: the API process answers (the database is not asked)"""
        return {"status": "ok"}


@blp.route("/ready")
class Ready(MethodView):
    @blp.doc(operationId="ready", security=[])
    @blp.response(200, StatusSchema)
    @problems(503)
    def get(self):
        """Readiness: the database answers a query (503 with Retry-After when it does not)"""
        try:
            with pool().connection(timeout=READY_TIMEOUT_SECONDS) as conn:
                conn.execute("SELECT 1").fetchone()
        except Exception as error:
            raise Problem(
                503,
                "database_unavailable",
                f"The database does not answer ({type(error).__name__}); try again shortly.",
                headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
            ) from error
        return {"status": "ready"}
