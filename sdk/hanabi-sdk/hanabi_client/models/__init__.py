"""Contains all the data models used in inputs/outputs"""

from .account import Account
from .account_change import AccountChange
from .account_kind import AccountKind
from .account_request import AccountRequest
from .account_request_kind import AccountRequestKind
from .account_request_scopes_item import AccountRequestScopesItem
from .account_seat_request import AccountSeatRequest
from .assertion import Assertion
from .authentication_credential import AuthenticationCredential
from .authentication_extensions_client_outputs import AuthenticationExtensionsClientOutputs
from .authenticator_assertion_response import AuthenticatorAssertionResponse
from .authenticator_attestation_response import AuthenticatorAttestationResponse
from .authenticator_selection_criteria import AuthenticatorSelectionCriteria
from .authenticator_selection_criteria_authenticator_attachment import (
    AuthenticatorSelectionCriteriaAuthenticatorAttachment,
)
from .authenticator_selection_criteria_resident_key import AuthenticatorSelectionCriteriaResidentKey
from .bot_lines import BotLines
from .bot_seat_request import BotSeatRequest
from .bot_seat_request_strategy import BotSeatRequestStrategy
from .card import Card
from .card_copies import CardCopies
from .challenge import Challenge
from .challenge_list import ChallengeList
from .challenge_request import ChallengeRequest
from .challenge_request_partner import ChallengeRequestPartner
from .challenge_status import ChallengeStatus
from .chat_account_event import ChatAccountEvent
from .chat_message import ChatMessage
from .chat_page import ChatPage
from .chat_request import ChatRequest
from .clock_time_control_request import ClockTimeControlRequest
from .clock_time_control_request_on_timeout import ClockTimeControlRequestOnTimeout
from .clue_kind import ClueKind
from .clue_mark import ClueMark
from .clue_mark_kind import ClueMarkKind
from .color_clue_event import ColorClueEvent
from .color_clue_history_event import ColorClueHistoryEvent
from .color_clue_request import ColorClueRequest
from .correspondence_time_control_request import CorrespondenceTimeControlRequest
from .correspondence_time_control_request_on_timeout import CorrespondenceTimeControlRequestOnTimeout
from .create_game_request import CreateGameRequest
from .create_webhook_request import CreateWebhookRequest
from .current_token import CurrentToken
from .current_token_scopes_item import CurrentTokenScopesItem
from .deal import Deal
from .dealt_card import DealtCard
from .delivery import Delivery
from .delivery_failure import DeliveryFailure
from .delivery_page import DeliveryPage
from .delivery_status import DeliveryStatus
from .delivery_type import DeliveryType
from .discard_event import DiscardEvent
from .discard_history_event import DiscardHistoryEvent
from .discard_request import DiscardRequest
from .end_condition import EndCondition
from .end_game_event import EndGameEvent
from .end_game_history_event import EndGameHistoryEvent
from .entry import Entry
from .entry_request import EntryRequest
from .event_page import EventPage
from .family_deals import FamilyDeals
from .family_rating import FamilyRating
from .figures import Figures
from .game import Game
from .game_over_account_event import GameOverAccountEvent
from .game_over_webhook_event import GameOverWebhookEvent
from .game_page import GamePage
from .game_started_account_event import GameStartedAccountEvent
from .game_started_event import GameStartedEvent
from .game_started_webhook_event import GameStartedWebhookEvent
from .game_status import GameStatus
from .game_warning import GameWarning
from .game_warning_code import GameWarningCode
from .get_arena_leaderboard_family import GetArenaLeaderboardFamily
from .hanab_live_action import HanabLiveAction
from .hanab_live_card import HanabLiveCard
from .hanab_live_game import HanabLiveGame
from .hanab_live_options import HanabLiveOptions
from .hand_card import HandCard
from .hidden_clue_event import HiddenClueEvent
from .hidden_clue_history_event import HiddenClueHistoryEvent
from .history_point import HistoryPoint
from .inbox import Inbox
from .inbox_section import InboxSection
from .invited_account_event import InvitedAccountEvent
from .invited_webhook_event import InvitedWebhookEvent
from .join_request import JoinRequest
from .leaderboard import Leaderboard
from .line_rating import LineRating
from .line_rating_brief import LineRatingBrief
from .line_summary import LineSummary
from .link import Link
from .link_scopes_item import LinkScopesItem
from .list_events_wake import ListEventsWake
from .list_games_status import ListGamesStatus
from .list_my_games_order import ListMyGamesOrder
from .list_my_games_status import ListMyGamesStatus
from .mail_link import MailLink
from .moved_by import MovedBy
from .my_account import MyAccount
from .my_account_kind import MyAccountKind
from .my_game import MyGame
from .my_game_page import MyGamePage
from .my_game_status import MyGameStatus
from .new_account import NewAccount
from .new_account_kind import NewAccountKind
from .new_account_scopes_item import NewAccountScopesItem
from .new_webhook import NewWebhook
from .none_time_control_request import NoneTimeControlRequest
from .note import Note
from .note_request import NoteRequest
from .notes import Notes
from .notifications import Notifications
from .notifications_deadline_reminder import NotificationsDeadlineReminder
from .notifications_game_over import NotificationsGameOver
from .notifications_your_turn import NotificationsYourTurn
from .online import Online
from .online_bot import OnlineBot
from .open_seat_request import OpenSeatRequest
from .options import Options
from .options_request import OptionsRequest
from .paired import Paired
from .passkey import Passkey
from .passkey_list import PasskeyList
from .passkey_registration_options import PasskeyRegistrationOptions
from .passkey_sign_in_options import PasskeySignInOptions
from .password_reset import PasswordReset
from .password_reset_request import PasswordResetRequest
from .per_turn_time_control_request import PerTurnTimeControlRequest
from .per_turn_time_control_request_on_timeout import PerTurnTimeControlRequestOnTimeout
from .play_event import PlayEvent
from .play_history_event import PlayHistoryEvent
from .play_request import PlayRequest
from .player import Player
from .player_kind import PlayerKind
from .player_page import PlayerPage
from .player_request import PlayerRequest
from .player_request_kind import PlayerRequestKind
from .player_token import PlayerToken
from .player_token_request import PlayerTokenRequest
from .player_token_request_scopes_item import PlayerTokenRequestScopesItem
from .player_token_scopes_item import PlayerTokenScopesItem
from .problem import Problem
from .problem_code import ProblemCode
from .problem_errors import ProblemErrors
from .profile import Profile
from .public_key_credential_creation_options import PublicKeyCredentialCreationOptions
from .public_key_credential_creation_options_attestation import PublicKeyCredentialCreationOptionsAttestation
from .public_key_credential_creation_options_hints_item import PublicKeyCredentialCreationOptionsHintsItem
from .public_key_credential_descriptor import PublicKeyCredentialDescriptor
from .public_key_credential_parameters import PublicKeyCredentialParameters
from .public_key_credential_request_options import PublicKeyCredentialRequestOptions
from .public_key_credential_rp_entity import PublicKeyCredentialRpEntity
from .public_key_credential_user_entity import PublicKeyCredentialUserEntity
from .rank_clue_event import RankClueEvent
from .rank_clue_history_event import RankClueHistoryEvent
from .rank_clue_request import RankClueRequest
from .rating import Rating
from .recent_game import RecentGame
from .registration import Registration
from .registration_credential import RegistrationCredential
from .reorder_event import ReorderEvent
from .reorder_history_event import ReorderHistoryEvent
from .reorder_request import ReorderRequest
from .replay import Replay
from .replay_status import ReplayStatus
from .seat import Seat
from .seat_joined_event import SeatJoinedEvent
from .seat_kind import SeatKind
from .seat_left_event import SeatLeftEvent
from .session import Session
from .session_request import SessionRequest
from .session_scopes_item import SessionScopesItem
from .standing import Standing
from .status import Status
from .strategy import Strategy
from .stream_started_account_event import StreamStartedAccountEvent
from .table import Table
from .table_link_request import TableLinkRequest
from .time_control import TimeControl
from .time_control_kind import TimeControlKind
from .time_control_on_timeout import TimeControlOnTimeout
from .token import Token
from .token_request import TokenRequest
from .token_request_scopes_item import TokenRequestScopesItem
from .token_scopes_item import TokenScopesItem
from .unsubscribed import Unsubscribed
from .user_verification_requirement import UserVerificationRequirement
from .vacation import Vacation
from .vacation_request import VacationRequest
from .variant import Variant
from .verified_email import VerifiedEmail
from .view import View
from .view_status import ViewStatus
from .watch_link_request import WatchLinkRequest
from .webhook import Webhook
from .webhook_list import WebhookList
from .your_turn_account_event import YourTurnAccountEvent
from .your_turn_webhook_event import YourTurnWebhookEvent

__all__ = (
    "Account",
    "AccountChange",
    "AccountKind",
    "AccountRequest",
    "AccountRequestKind",
    "AccountRequestScopesItem",
    "AccountSeatRequest",
    "Assertion",
    "AuthenticationCredential",
    "AuthenticationExtensionsClientOutputs",
    "AuthenticatorAssertionResponse",
    "AuthenticatorAttestationResponse",
    "AuthenticatorSelectionCriteria",
    "AuthenticatorSelectionCriteriaAuthenticatorAttachment",
    "AuthenticatorSelectionCriteriaResidentKey",
    "BotLines",
    "BotSeatRequest",
    "BotSeatRequestStrategy",
    "Card",
    "CardCopies",
    "Challenge",
    "ChallengeList",
    "ChallengeRequest",
    "ChallengeRequestPartner",
    "ChallengeStatus",
    "ChatAccountEvent",
    "ChatMessage",
    "ChatPage",
    "ChatRequest",
    "ClockTimeControlRequest",
    "ClockTimeControlRequestOnTimeout",
    "ClueKind",
    "ClueMark",
    "ClueMarkKind",
    "ColorClueEvent",
    "ColorClueHistoryEvent",
    "ColorClueRequest",
    "CorrespondenceTimeControlRequest",
    "CorrespondenceTimeControlRequestOnTimeout",
    "CreateGameRequest",
    "CreateWebhookRequest",
    "CurrentToken",
    "CurrentTokenScopesItem",
    "Deal",
    "DealtCard",
    "Delivery",
    "DeliveryFailure",
    "DeliveryPage",
    "DeliveryStatus",
    "DeliveryType",
    "DiscardEvent",
    "DiscardHistoryEvent",
    "DiscardRequest",
    "EndCondition",
    "EndGameEvent",
    "EndGameHistoryEvent",
    "Entry",
    "EntryRequest",
    "EventPage",
    "FamilyDeals",
    "FamilyRating",
    "Figures",
    "Game",
    "GameOverAccountEvent",
    "GameOverWebhookEvent",
    "GamePage",
    "GameStartedAccountEvent",
    "GameStartedEvent",
    "GameStartedWebhookEvent",
    "GameStatus",
    "GameWarning",
    "GameWarningCode",
    "GetArenaLeaderboardFamily",
    "HanabLiveAction",
    "HanabLiveCard",
    "HanabLiveGame",
    "HanabLiveOptions",
    "HandCard",
    "HiddenClueEvent",
    "HiddenClueHistoryEvent",
    "HistoryPoint",
    "Inbox",
    "InboxSection",
    "InvitedAccountEvent",
    "InvitedWebhookEvent",
    "JoinRequest",
    "Leaderboard",
    "LineRating",
    "LineRatingBrief",
    "LineSummary",
    "Link",
    "LinkScopesItem",
    "ListEventsWake",
    "ListGamesStatus",
    "ListMyGamesOrder",
    "ListMyGamesStatus",
    "MailLink",
    "MovedBy",
    "MyAccount",
    "MyAccountKind",
    "MyGame",
    "MyGamePage",
    "MyGameStatus",
    "NewAccount",
    "NewAccountKind",
    "NewAccountScopesItem",
    "NewWebhook",
    "NoneTimeControlRequest",
    "Note",
    "NoteRequest",
    "Notes",
    "Notifications",
    "NotificationsDeadlineReminder",
    "NotificationsGameOver",
    "NotificationsYourTurn",
    "Online",
    "OnlineBot",
    "OpenSeatRequest",
    "Options",
    "OptionsRequest",
    "Paired",
    "Passkey",
    "PasskeyList",
    "PasskeyRegistrationOptions",
    "PasskeySignInOptions",
    "PasswordReset",
    "PasswordResetRequest",
    "PerTurnTimeControlRequest",
    "PerTurnTimeControlRequestOnTimeout",
    "Player",
    "PlayerKind",
    "PlayerPage",
    "PlayerRequest",
    "PlayerRequestKind",
    "PlayerToken",
    "PlayerTokenRequest",
    "PlayerTokenRequestScopesItem",
    "PlayerTokenScopesItem",
    "PlayEvent",
    "PlayHistoryEvent",
    "PlayRequest",
    "Problem",
    "ProblemCode",
    "ProblemErrors",
    "Profile",
    "PublicKeyCredentialCreationOptions",
    "PublicKeyCredentialCreationOptionsAttestation",
    "PublicKeyCredentialCreationOptionsHintsItem",
    "PublicKeyCredentialDescriptor",
    "PublicKeyCredentialParameters",
    "PublicKeyCredentialRequestOptions",
    "PublicKeyCredentialRpEntity",
    "PublicKeyCredentialUserEntity",
    "RankClueEvent",
    "RankClueHistoryEvent",
    "RankClueRequest",
    "Rating",
    "RecentGame",
    "Registration",
    "RegistrationCredential",
    "ReorderEvent",
    "ReorderHistoryEvent",
    "ReorderRequest",
    "Replay",
    "ReplayStatus",
    "Seat",
    "SeatJoinedEvent",
    "SeatKind",
    "SeatLeftEvent",
    "Session",
    "SessionRequest",
    "SessionScopesItem",
    "Standing",
    "Status",
    "Strategy",
    "StreamStartedAccountEvent",
    "Table",
    "TableLinkRequest",
    "TimeControl",
    "TimeControlKind",
    "TimeControlOnTimeout",
    "Token",
    "TokenRequest",
    "TokenRequestScopesItem",
    "TokenScopesItem",
    "Unsubscribed",
    "UserVerificationRequirement",
    "Vacation",
    "VacationRequest",
    "Variant",
    "VerifiedEmail",
    "View",
    "ViewStatus",
    "WatchLinkRequest",
    "Webhook",
    "WebhookList",
    "YourTurnAccountEvent",
    "YourTurnWebhookEvent",
)
