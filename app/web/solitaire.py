"""Routes of this feature (to be built)."""

from fastapi import APIRouter

router = APIRouter()
